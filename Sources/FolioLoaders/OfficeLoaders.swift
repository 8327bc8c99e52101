public import FolioCore

/// Word processing documents: `.docx` (WordprocessingML), `.odt` (OpenDocument text) and
/// `.rtf`, told apart by their content (Word also saves RTF under a `.docx` name).
public struct WordProcessingLoader: DocumentLoader {
    public var kind: DocumentKind { .document }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        switch try OfficePackage.open(file, kind: kind) {
        case let .rtf(bytes):
            return RTFReader(bytes: bytes).read(path: file.path)
        case let .package(package):
            try package.requireKind()
            if case let .ooxml(mainPart) = package.format { return try DOCXReader(package: package, mainPart: mainPart).read() }
            return try ODFReader(package: package).read(as: kind)
        }
    }
}

/// Spreadsheets: `.xlsx` (SpreadsheetML) and `.ods` (OpenDocument), a page per sheet.
public struct SpreadsheetLoader: DocumentLoader {
    public var kind: DocumentKind { .spreadsheet }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let package = try OfficePackage.openPackage(file, kind: kind)
        if case let .ooxml(mainPart) = package.format { return try XLSXReader(package: package, mainPart: mainPart).read() }
        return try ODFReader(package: package).read(as: kind)
    }
}

/// Presentations: `.pptx` (PresentationML) and `.odp` (OpenDocument), a page per slide.
public struct PresentationLoader: DocumentLoader {
    public var kind: DocumentKind { .presentation }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let package = try OfficePackage.openPackage(file, kind: kind)
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
        guard case let .package(package) = try open(file, kind: kind) else {
            throw .malformed(path: file.path, kind: kind, reason: "it is a Rich Text (RTF) file, not a \(kind == .ebook ? "e-book" : kind.rawValue)")
        }
        try package.requireKind()
        return package
    }
}
