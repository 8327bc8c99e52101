internal import FolioCore

/// An office document or e-book opened for reading: the zip container, which of the
/// formats it holds (told by its content, not its name), and what the formats share
/// (the document's title, OOXML's relationships between parts).
struct OfficePackage {
    enum Format: Equatable {
        /// Office Open XML (Word, Excel, PowerPoint), with the path of its main part
        /// (`word/document.xml`).
        case ooxml(mainPart: String)
        /// OpenDocument, with its `mimetype` (`application/vnd.oasis.opendocument.text`).
        case odf(mimeType: String)
        case epub
    }

    /// What a file named as an office document turned out to be.
    enum Opened {
        case package(OfficePackage)
        /// Rich Text: RTF is not a zip, and Word saves it under `.doc`/`.docx` names too.
        case rtf([UInt8])
        /// An Office 97–2003 Word or Excel file (`LegacyOfficeReader`) or PowerPoint file
        /// (`PPTReader`), with the bytes read to tell.
        case legacy(CompoundFile, bytes: [UInt8])
    }

    let archive: ZipArchive
    let format: Format
    let file: SourceFile
    let kind: DocumentKind

    /// Opens `file`, expected to hold a document of `kind`; refuses encrypted documents and
    /// files that are not a container Folio reads, saying what they are instead.
    static func open(_ file: SourceFile, kind: DocumentKind) throws(LoaderError) -> Opened {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(file: file, kind: kind)
        } catch {
            guard case .malformed = error else { throw error }
            let bytes = try file.bytes()
            if bytes.starts(with: Array("{\\rtf".utf8)) { return .rtf(bytes) }
            if let ole = CompoundFile.describe(bytes) {
                if ole == .encryptedPackage { throw .encrypted(path: file.path) }
                if ole != .other { return .legacy(ole, bytes: bytes) }
                throw .malformed(path: file.path, kind: kind, reason: ole.description)
            }
            if file.path.lowercased().hasSuffix(".rtf") {
                throw .malformed(path: file.path, kind: kind, reason: "not Rich Text: it does not begin with {\\rtf")
            }
            throw error
        }
        let package = OfficePackage(archive: archive, format: try format(of: archive, file: file, kind: kind), file: file, kind: kind)
        try package.refuseEncrypted()
        return .package(package)
    }

    /// The format, from the `mimetype` entry ODF and EPUB begin with, or OOXML's
    /// `[Content_Types].xml` and the main part its root relationships name.
    private static func format(of archive: ZipArchive, file: SourceFile, kind: DocumentKind) throws(LoaderError) -> Format {
        if archive.contains("mimetype") {
            let bytes = (try? archive.read("mimetype")) ?? []
            let mimeType = String(decoding: bytes.prefix(200), as: UTF8.self).trimmingWhitespace()
            if mimeType == "application/epub+zip" { return .epub }
            if mimeType.hasPrefix("application/vnd.oasis.opendocument.") { return .odf(mimeType: mimeType) }
        }
        if archive.contains("[Content_Types].xml") {
            let relationships = (try? OOXMLRelationships(archive: archive, part: "")) ?? OOXMLRelationships()
            if let main = relationships.targets(ofType: "/officeDocument").first { return .ooxml(mainPart: main) }
            for part in ["word/document.xml", "xl/workbook.xml", "ppt/presentation.xml"] where archive.contains(part) {
                return .ooxml(mainPart: part)
            }
        }
        if archive.contains("META-INF/container.xml") { return .epub }
        throw .malformed(path: file.path, kind: kind, reason: "a zip archive that holds no office document or e-book")
    }

    /// Encrypted ODF (`manifest:encryption-data`) and DRM'd EPUB (`META-INF/encryption.xml`
    /// encrypting more than fonts) cannot be read. Encrypted OOXML is not a zip at all.
    private func refuseEncrypted() throws(LoaderError) {
        switch format {
        case .odf:
            guard archive.contains("META-INF/manifest.xml") else { return }
            let encrypted = try readXML("META-INF/manifest.xml") { (reader) throws(ZipArchive.Failure) -> Bool in
                while let event = try reader.next() {
                    if case let .start(name) = event, name.local == "encryption-data" { return true }
                }
                return false
            }
            if encrypted { throw .encrypted(path: file.path) }
        case .epub:
            guard archive.contains("META-INF/encryption.xml") else { return }
            let drm = try readXML("META-INF/encryption.xml") { (reader) throws(ZipArchive.Failure) -> Bool in
                while let event = try reader.next() {
                    if case let .start(name) = event, name.local == "EncryptionMethod",
                       let algorithm = reader.attribute("Algorithm"), !Self.fontObfuscation.contains(algorithm) {
                        return true
                    }
                }
                return false
            }
            if drm { throw .drmProtected(path: file.path) }
        case .ooxml:
            return
        }
    }

    /// The algorithms EPUB uses to obfuscate embedded fonts: encryption.xml that names only
    /// these leaves the text readable (IDPF's and Adobe's).
    private static let fontObfuscation: Set<String> = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]

    /// Runs `body` over the XML of entry `name`, turning the archive's failures into the
    /// loader's error for this file.
    func readXML<T>(_ name: String, _ body: (XMLStreamReader) throws(ZipArchive.Failure) -> T) throws(LoaderError) -> T {
        do {
            return try body(XMLStreamReader(archive.open(name)))
        } catch {
            throw loaderError(error)
        }
    }

    /// The error a loader reports for a failure of the archive.
    func loaderError(_ failure: ZipArchive.Failure) -> LoaderError {
        let reason = switch failure {
        case let .entry(name, reason): "\(name): \(reason)"
        case let .inflateLimit(reason): reason
        case let .missing(name): "\(name) is missing from the package"
        }
        return .malformed(path: file.path, kind: kind, reason: reason)
    }

    /// The relationships of OOXML part `part`, the archive's failures as the loader's error.
    func relationships(of part: String) throws(LoaderError) -> OOXMLRelationships {
        do {
            return try OOXMLRelationships(archive: archive, part: part)
        } catch {
            throw loaderError(error)
        }
    }

    /// The parts an OOXML main part lists, in its order (a workbook's `sheet`s, a
    /// presentation's `sldId`s): each `element` of `family` names its part by relationship
    /// id; its `name` attribute comes with it.
    func listedParts(in mainPart: String, element: String, of family: XMLNamespace,
                     relationships: OOXMLRelationships) throws(LoaderError) -> [(part: String, name: String?)] {
        try readXML(mainPart) { (reader) throws(ZipArchive.Failure) -> [(part: String, name: String?)] in
            var parts: [(part: String, name: String?)] = []
            while let event = try reader.next() {
                guard case let .start(name) = event, name.local == element, name.family == family,
                      let id = reader.attribute("id", in: OfficeNamespace.relationships), let part = relationships.target(id: id) else { continue }
                parts.append((part, reader.attribute("name")))
            }
            return parts
        }
    }

    /// The kind of document the package holds: OOXML's main part's content type (in
    /// `[Content_Types].xml`), ODF's and EPUB's `mimetype`.
    func heldKind() -> DocumentKind? {
        switch format {
        case .epub:
            return .ebook
        case let .odf(mimeType):
            if mimeType.hasPrefix("application/vnd.oasis.opendocument.text") { return .document }
            if mimeType.hasPrefix("application/vnd.oasis.opendocument.spreadsheet") { return .spreadsheet }
            if mimeType.hasPrefix("application/vnd.oasis.opendocument.presentation") { return .presentation }
            return nil
        case let .ooxml(mainPart):
            let type = (try? readXML("[Content_Types].xml") { (reader) throws(ZipArchive.Failure) -> String? in
                while let event = try reader.next() {
                    if case let .start(name) = event, name.local == "Override", reader.attribute("PartName") == "/" + mainPart {
                        return reader.attribute("ContentType")
                    }
                }
                return nil
            }) ?? nil
            let described = (type ?? mainPart).lowercased()
            if described.contains("wordprocessingml") || described.contains("ms-word") || described.hasPrefix("word/") { return .document }
            if described.contains("spreadsheetml") || described.contains("ms-excel") || described.hasPrefix("xl/") { return .spreadsheet }
            if described.contains("presentationml") || described.contains("ms-powerpoint") || described.hasPrefix("ppt/") { return .presentation }
            return nil
        }
    }

    /// Refuses a package that holds another kind of document than its name says (a
    /// spreadsheet named `.docx`): it would be indexed under the wrong type.
    func requireKind() throws(LoaderError) {
        let held = heldKind()
        guard held != kind else { return }
        let what = held.map { "a \($0 == .ebook ? "e-book" : $0.rawValue)" } ?? "no document Folio reads"
        throw .malformed(path: file.path, kind: kind, reason: "it holds \(what), not a \(kind == .ebook ? "e-book" : kind.rawValue)")
    }

    /// The document's own title and author: OOXML's core properties (`dc:title`,
    /// `dc:creator`) or ODF's meta.xml (`dc:title`, `meta:initial-creator`, else `dc:creator`,
    /// who saved it last).
    func properties() -> Properties {
        let entry: String
        switch format {
        case .ooxml: entry = "docProps/core.xml"
        case .odf: entry = "meta.xml"
        case .epub: return Properties()
        }
        guard archive.contains(entry) else { return Properties() }
        let found = try? readXML(entry) { (reader) throws(ZipArchive.Failure) -> [String: String] in
            var found: [String: String] = [:]
            while let event = try reader.next() {
                guard case let .start(name) = event, name.family == .dublinCore || name.namespace == OfficeNamespace.meta,
                      ["title", "creator", "initial-creator"].contains(name.local) else { continue }
                let value = try reader.text(of: name).collapsingWhitespace()
                if !value.isEmpty, found[name.local] == nil { found[name.local] = value }
            }
            return found
        }
        return Properties(title: found?["title"], author: found?["initial-creator"] ?? found?["creator"])
    }

    /// What an office document's properties say of it.
    struct Properties {
        var title: String?
        var author: String?

        /// The author as the document's field.
        var fields: [DocumentField: String] {
            author.map { [.author: $0] } ?? [:]
        }
    }
}

/// The namespaces of the XML Folio reads in office files.
enum OfficeNamespace {
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let svg = "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"

    /// WordprocessingML, SpreadsheetML, PresentationML and DrawingML each have a
    /// "transitional" namespace (what Office writes) and a "strict" one (ISO 29500 strict).
    static let word: Set<String> = ["http://schemas.openxmlformats.org/wordprocessingml/2006/main", "http://purl.oclc.org/ooxml/wordprocessingml/main"]
    static let sheet: Set<String> = ["http://schemas.openxmlformats.org/spreadsheetml/2006/main", "http://purl.oclc.org/ooxml/spreadsheetml/main"]
    static let presentation: Set<String> = ["http://schemas.openxmlformats.org/presentationml/2006/main", "http://purl.oclc.org/ooxml/presentationml/main"]
    static let drawing: Set<String> = ["http://schemas.openxmlformats.org/drawingml/2006/main", "http://purl.oclc.org/ooxml/drawingml/main"]
    static let relationships: Set<String> = ["http://schemas.openxmlformats.org/officeDocument/2006/relationships", "http://purl.oclc.org/ooxml/officeDocument/relationships"]
    /// Markup compatibility: `mc:Fallback` repeats what `mc:Choice` holds, for older readers.
    static let compatibility = "http://schemas.openxmlformats.org/markup-compatibility/2006"

    static let text = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
    static let table = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
    static let office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
    static let draw = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
    static let odfPresentation = "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"
    static let meta = "urn:oasis:names:tc:opendocument:xmlns:meta:1.0"
}

/// The namespaces the readers tell apart, decided once per element name (`XMLName.family`,
/// made once per reader): the readers compare this, not namespace URIs, for every element.
enum XMLNamespace {
    case word, sheet, presentation, drawing, compatibility
    case odfText, odfTable, odfOffice, odfDraw, odfPresentation, svg
    case dublinCore
    case other

    static func of(_ uri: String) -> XMLNamespace {
        byURI[uri] ?? .other
    }

    private static let byURI: [String: XMLNamespace] = {
        var families: [String: XMLNamespace] = [:]
        for (set, family) in [(OfficeNamespace.word, word), (OfficeNamespace.sheet, sheet), (OfficeNamespace.presentation, presentation),
                              (OfficeNamespace.drawing, drawing)] {
            for uri in set { families[uri] = family }
        }
        families[OfficeNamespace.compatibility] = .compatibility
        families[OfficeNamespace.text] = .odfText
        families[OfficeNamespace.table] = .odfTable
        families[OfficeNamespace.office] = .odfOffice
        families[OfficeNamespace.draw] = .odfDraw
        families[OfficeNamespace.odfPresentation] = .odfPresentation
        families[OfficeNamespace.svg] = .svg
        families[OfficeNamespace.dublinCore] = .dublinCore
        return families
    }()
}
