public import FolioCore
internal import FolioSystem

/// Turns one file of a given kind into pages of text.
///
/// Loaders are values without shared state, safe to use from several threads. They throw
/// `LoaderError` for anything wrong with the file; a loader that returns has read all the
/// text it could.
public protocol DocumentLoader: Sendable {
    var kind: DocumentKind { get }
    func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument
    /// Like `load`, but hands each page to `page` as soon as it is read and keeps none:
    /// the document returned has no pages. Paged formats read this way hold one page at a
    /// time, whatever the document's length. `title` is called once, before the first
    /// page, with the document's own title (the returned document's), so that a long
    /// document can be written in parts under the title it ends with.
    func stream(_ file: SourceFile, title: (String?) -> Void, page: (Page) -> Void) throws(LoaderError) -> LoadedDocument
}

extension DocumentLoader {
    /// Formats without many pages are read whole and handed over page by page.
    public func stream(_ file: SourceFile, title: (String?) -> Void, page: (Page) -> Void) throws(LoaderError) -> LoadedDocument {
        var document = try load(file)
        title(document.title)
        document.pages.forEach(page)
        document.pages = []
        return document
    }
}

/// A file handed to a loader: its path, the size limit it must respect, and what the
/// paged loaders need besides (the PDF backend, OCR settings and cache).
public struct SourceFile: Sendable {
    public var path: String
    public var maxSize: Int64
    /// XXH3-128 of the content, the key of the OCR cache; `nil` disables the cache.
    public var contentHash: String?
    public var pdf: PDFOptions
    public var ocr: OCROptions
    public var ocrCache: (any OCRCache)?
    /// Asked before each page tesseract reads; `nil` where nothing else runs OCR.
    public var ocrTurns: (any OCRTurns)?

    public init(path: String, maxSize: Int64, contentHash: String? = nil, pdf: PDFOptions = FolioConfiguration.default.pdf,
                ocr: OCROptions = FolioConfiguration.default.ocr, ocrCache: (any OCRCache)? = nil, ocrTurns: (any OCRTurns)? = nil) {
        self.path = path
        self.maxSize = maxSize
        self.contentHash = contentHash
        self.pdf = pdf
        self.ocr = ocr
        self.ocrCache = ocrCache
        self.ocrTurns = ocrTurns
    }

    /// The file name without its directory and last extension, the title of last resort.
    public var stem: String {
        let name = String(AbsolutePath.lastComponent(path))
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Checks that the file is a regular file within `maxSize`, for the loaders that hand
    /// its path to a library (libzip, GMime) rather than read its bytes themselves; returns
    /// its size.
    @discardableResult
    public func checkReadable() throws(LoaderError) -> Int64 {
        let status: FileStatus
        do {
            status = try FileStatus.following(path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        guard status.kind == .regular else { throw .notRegularFile(path: path) }
        guard status.size <= maxSize else { throw .tooLarge(path: path, size: status.size, limit: maxSize) }
        return status.size
    }

    /// All the file's bytes, checked to be a regular file within `maxSize`.
    public func bytes() throws(LoaderError) -> [UInt8] {
        do {
            return try FileReader.readAll(path, limit: maxSize)
        } catch {
            switch error {
            case let .system(system): throw .unreadable(path: path, reason: system.reason)
            case .notRegularFile: throw .notRegularFile(path: path)
            case let .tooLarge(size): throw .tooLarge(path: path, size: size, limit: maxSize)
            }
        }
    }
}
