internal import FolioCore

/// The text of an EPUB (2 or 3): its chapters in spine order, each read as XHTML (or, when
/// a chapter is not well-formed XML, by the HTML parser, as reading systems recover), the
/// chapter's name from the table of contents the section of its opening lines and its
/// headings the sections after. The title is the package's `dc:title`; its authors
/// (`dc:creator`) are the first line when the first page does not name them.
///
/// Pages are the book's printed pages when it has a page list (EPUB 3's `page-list` nav,
/// EPUB 2's NCX `pageList`), labelled as printed; otherwise each chapter is a page.
///
/// Related documentation: <https://www.w3.org/TR/epub-33/>, §3.4 (package document), §5.4 (navigation).
struct EPUBReader {
    let package: OfficePackage

    /// A manifest item: its entry name and media type.
    private struct Item {
        var entry: String
        var mediaType: String
        var properties: String
    }

    func read() throws(LoaderError) -> LoadedDocument {
        let packagePath = try package.readXML("META-INF/container.xml") { (reader) throws(ZipArchive.Failure) -> String? in
            while let event = try reader.next() {
                if case let .start(name) = event, name.local == "rootfile", let path = reader.attribute("full-path") { return path }
            }
            return nil
        }
        guard let packagePath else { throw package.loaderError(.missing("the package document (rootfile in META-INF/container.xml)")) }
        let folder = packagePath.lastIndex(of: "/").map { String(packagePath[..<$0]) } ?? ""
        var title: String?
        var authors: [String] = []
        var items: [String: Item] = [:]
        var spine: [String] = []
        var ncx: String?
        try package.readXML(packagePath) { (reader) throws(ZipArchive.Failure) in
            while let event = try reader.next() {
                guard case let .start(name) = event else { continue }
                switch name.local {
                case "title" where name.family == .dublinCore && title == nil:
                    title = try reader.text(of: name).collapsingWhitespace()
                case "creator" where name.family == .dublinCore:
                    let author = try reader.text(of: name).collapsingWhitespace()
                    if !author.isEmpty { authors.append(author) }
                case "item":
                    guard let id = reader.attribute("id"), let href = reader.attribute("href") else { continue }
                    items[id] = Item(entry: OOXMLRelationships.resolve(href, from: folder), mediaType: reader.attribute("media-type") ?? "",
                                     properties: reader.attribute("properties") ?? "")
                case "spine":
                    ncx = reader.attribute("toc")
                case "itemref":
                    if let id = reader.attribute("idref") { spine.append(id) }
                default:
                    continue
                }
            }
        }
        var navigation = EPUBNavigation()
        if let nav = items.values.first(where: { $0.properties.split(separator: " ").contains("nav") }), package.archive.contains(nav.entry) {
            navigation = (try? readNavigation(nav.entry, ncx: false)) ?? navigation
        }
        if navigation.isEmpty, let ncx, let item = items[ncx], package.archive.contains(item.entry) {
            navigation = (try? readNavigation(item.entry, ncx: true)) ?? navigation
        }
        var pages = EPUBPages(paged: !navigation.pages.isEmpty)
        for id in spine {
            guard let item = items[id], item.mediaType.contains("html"), package.archive.contains(item.entry) else { continue }
            pages.add(try readChapter(item.entry, section: navigation.chapters[item.entry], pageMarkers: navigation.pages[item.entry] ?? [:]))
        }
        return LoadedDocument(kind: .ebook, title: title.flatMap { $0.isEmpty ? nil : $0 }, pages: Self.naming(authors, in: pages.finish()),
                              fields: authors.isEmpty ? [:] : [.author: authors.joined(separator: ", ")])
    }

    /// The pages with the book's authors (`dc:creator`) as the first line, unless its first
    /// page names them already (a title page usually does; one drawn as an image does not):
    /// so that a book is found by its author, as it is by its title.
    private static func naming(_ authors: [String], in pages: [Page]) -> [Page] {
        let line = authors.joined(separator: ", ")
        guard !line.isEmpty, var first = pages.first else { return pages }
        let text = first.lines.map(\.text).joined(separator: " ").lowercased()
        guard !authors.allSatisfy({ text.contains($0.lowercased()) }) else { return pages }
        first.lines.insert(TextLine(line, section: first.lines.first?.section), at: 0)
        return [first] + pages.dropFirst()
    }

    /// Reads a chapter as XML, driving the HTML collector; when the XML is not well-formed,
    /// reads it again with the HTML parser, which recovers.
    private func readChapter(_ entry: String, section: String?, pageMarkers: [String: String]) throws(LoaderError) -> HTMLTextCollector {
        let bytes: [UInt8]
        do {
            bytes = try package.archive.read(entry)
        } catch {
            throw package.loaderError(error)
        }
        func collector() -> HTMLTextCollector {
            let collector = HTMLTextCollector()
            collector.section = section
            collector.pageMarkers = pageMarkers
            return collector
        }
        let asXML = collector()
        do {
            let reader = try XMLStreamReader(bytes: bytes, name: entry)
            while let event = try reader.next() {
                switch event {
                case let .start(name):
                    let role = reader.attribute("role")
                    let type = reader.attribute("type", namespace: "http://www.idpf.org/2007/ops") ?? ""
                    // A note's number in the text ("twice¹") and its way back ("↩") would join
                    // the words beside them; the note itself is kept.
                    let hidden = reader.attribute("hidden") != nil || reader.attribute("aria-hidden") == "true"
                        || role == "navigation" || role == "doc-noteref" || role == "doc-backlink" || type.contains("noteref")
                    asXML.start(name.local, hidden: hidden, id: reader.attribute("id"))
                case let .end(name):
                    asXML.end(name.local)
                case let .text(text):
                    asXML.characters(text)
                }
            }
            asXML.finish()
            return asXML
        } catch {
            let asHTML = collector()
            guard HTMLLoader.parse(String(decoding: bytes, as: UTF8.self), into: asHTML) else {
                throw .malformed(path: package.file.path, kind: .ebook, reason: "\(entry): libxml2 could not start a parser (out of memory)")
            }
            return asHTML
        }
    }

    /// The chapters' names and the page list, from the EPUB 3 navigation document or the
    /// EPUB 2 NCX.
    private func readNavigation(_ entry: String, ncx: Bool) throws(LoaderError) -> EPUBNavigation {
        let folder = entry.lastIndex(of: "/").map { String(entry[..<$0]) } ?? ""
        return try package.readXML(entry) { (reader) throws(ZipArchive.Failure) -> EPUBNavigation in
            var navigation = EPUBNavigation()
            var list: String?
            var label = ""
            var target: String?
            var collecting = false
            while let event = try reader.next() {
                switch event {
                case let .start(name):
                    switch name.local {
                    case "nav" where !ncx:
                        list = reader.attribute("type", namespace: "http://www.idpf.org/2007/ops")
                    case "navMap" where ncx: list = "toc"
                    case "pageList" where ncx: list = "page-list"
                    case "a" where !ncx, "text" where ncx:
                        if !ncx { target = reader.attribute("href") }
                        label = ""
                        collecting = true
                    case "content" where ncx:
                        target = reader.attribute("src")
                        if let target, let list { navigation.add(label, target: target, folder: folder, list: list) }
                    default: continue
                    }
                case let .end(name):
                    if name.local == "nav" || name.local == "navMap" || name.local == "pageList" { list = nil }
                    if name.local == "a" || name.local == "text" {
                        collecting = false
                        if !ncx, let target, let list { navigation.add(label, target: target, folder: folder, list: list) }
                    }
                case let .text(text):
                    if collecting { label += text }
                }
            }
            return navigation
        }
    }
}

/// An EPUB's table of contents (the first name given to each chapter file) and page list
/// (per chapter file, the ids where printed pages start, with their labels).
private struct EPUBNavigation {
    var chapters: [String: String] = [:]
    var pages: [String: [String: String]] = [:]

    var isEmpty: Bool { chapters.isEmpty && pages.isEmpty }

    mutating func add(_ label: String, target: String, folder: String, list: String) {
        let name = label.collapsingWhitespace()
        guard !name.isEmpty else { return }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let entry = OOXMLRelationships.resolve(String(parts[0]), from: folder)
        switch list {
        case "toc":
            if chapters[entry] == nil { chapters[entry] = name }
        case "page-list":
            if parts.count == 2 { pages[entry, default: [:]][PercentDecoding.decode(String(parts[1]))] = name }
        default:
            return
        }
    }
}

/// The pages of a book: its printed pages when it has a page list, else one per chapter.
private struct EPUBPages {
    let paged: Bool
    private var pages: [Page] = []
    private var lines: [TextLine] = []
    private var label: String?

    init(paged: Bool) {
        self.paged = paged
    }

    mutating func add(_ chapter: HTMLTextCollector) {
        guard paged else {
            if !chapter.lines.isEmpty { pages.append(Page(number: pages.count + 1, lines: chapter.lines)) }
            return
        }
        var next = 0
        for start in chapter.pageStarts {
            lines += chapter.lines[next ..< start.line]
            next = start.line
            if !lines.isEmpty || label != nil { endPage() }
            label = start.label
        }
        lines += chapter.lines[next...]
    }

    private mutating func endPage() {
        pages.append(Page(number: pages.count + 1, label: label, lines: lines))
        lines = []
    }

    mutating func finish() -> [Page] {
        if !lines.isEmpty || pages.isEmpty { endPage() }
        return pages
    }
}
