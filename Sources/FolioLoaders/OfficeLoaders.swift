public import FolioCore

/// Word processing documents: `.docx` (WordprocessingML), `.odt` (OpenDocument text),
/// `.rtf` and Word 97–2003's `.doc`, told apart by their content (Word also saves RTF under
/// a `.doc` or `.docx` name).
public struct WordProcessingLoader: DocumentLoader {
    public var kind: DocumentKind { .document }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        switch try OfficePackage.open(file, kind: kind) {
        case let .rtf(bytes):
            return RTFReader(bytes: bytes).read(path: file.path)
        case let .legacy(.legacyWord, bytes):
            return try LegacyOfficeReader(file: file, bytes: bytes, format: .legacyWord).read()
        case let .legacy(other, _):
            throw .malformed(path: file.path, kind: kind, reason: "it is \(other.name)")
        case let .package(package):
            try package.requireKind()
            if case let .ooxml(mainPart) = package.format { return try DOCXReader(package: package, mainPart: mainPart).read() }
            return try ODFReader(package: package).read(as: kind)
        }
    }
}

/// Spreadsheets: `.xlsx` (SpreadsheetML), `.ods` (OpenDocument) and Excel 97–2003's `.xls`,
/// a page per sheet.
public struct SpreadsheetLoader: DocumentLoader {
    public var kind: DocumentKind { .spreadsheet }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let opened = try OfficePackage.open(file, kind: kind)
        if case let .legacy(.legacyExcel, bytes) = opened { return try LegacyOfficeReader(file: file, bytes: bytes, format: .legacyExcel).read() }
        let package = try opened.package(of: file, kind: kind)
        if case let .ooxml(mainPart) = package.format { return try XLSXReader(package: package, mainPart: mainPart).read() }
        return try ODFReader(package: package).read(as: kind)
    }
}

/// Presentations: `.pptx` (PresentationML), `.odp` (OpenDocument) and PowerPoint
/// 97–2003's `.ppt`, a page per slide.
public struct PresentationLoader: DocumentLoader {
    public var kind: DocumentKind { .presentation }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let opened = try OfficePackage.open(file, kind: kind)
        if case let .legacy(.legacyPowerPoint, bytes) = opened { return try PPTReader(file: file, bytes: bytes).read() }
        let package = try opened.package(of: file, kind: kind)
        if case let .ooxml(mainPart) = package.format { return try PPTXReader(package: package, mainPart: mainPart).read() }
        return try ODFReader(package: package).read(as: kind)
    }
}

/// E-books: `.epub` (2 and 3), unless DRM encrypts their text.
public struct EPUBLoader: DocumentLoader {
    public var kind: DocumentKind { .ebook }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        try EPUBReader(package: OfficePackage.openPackage(file, kind: kind)).read()
    }
}

extension OfficePackage {
    /// Opens a file that must be a zip package holding a document of `kind`.
    static func openPackage(_ file: SourceFile, kind: DocumentKind) throws(LoaderError) -> OfficePackage {
        try open(file, kind: kind).package(of: file, kind: kind)
    }
}

extension OfficePackage.Opened {
    /// The package opened from `file`, which must hold a document of `kind`.
    func package(of file: SourceFile, kind: DocumentKind) throws(LoaderError) -> OfficePackage {
        switch self {
        case let .package(package):
            try package.requireKind()
            return package
        case .rtf:
            throw .malformed(path: file.path, kind: kind, reason: "it is a Rich Text (RTF) file, not a \(kind == .ebook ? "e-book" : kind.rawValue)")
        case let .legacy(format, _):
            throw .malformed(path: file.path, kind: kind, reason: "it is \(format.name)")
        }
    }
}
