public import FolioCore
internal import CTesseract

/// Chooses the loader for a file from its kind (`DocumentKind(path:)`, by extension);
/// content sniffing then guards the choice (`TextDecoding` refuses binary data behind a
/// text extension).
public struct LoaderRegistry: Sendable {
    private var loaders: [DocumentKind: any Loader]

    public init(loaders: [DocumentKind: any Loader]) {
        self.loaders = loaders
    }

    /// The loaders Folio ships with.
    public static let standard = LoaderRegistry(loaders: [
        .text: PlainTextLoader(), .markdown: MarkdownLoader(), .html: HTMLLoader(), .pdf: PDFLoader(), .image: ImageLoader(),
    ])

    /// The loader for `path`, or `nil` when Folio does not index files of that type.
    public func loader(forPath path: String) -> (any Loader)? {
        DocumentKind(path: path).flatMap { loaders[$0] }
    }

    /// How many pages and images tesseract has recognised in this process (cache hits do
    /// not count): what shows that the OCR cache works.
    public static var ocrRecognitions: Int {
        OCREngine.recognitions.load(ordering: .relaxed)
    }

    /// Ends this process's idle tesseract engines and gives their memory back to the
    /// system: a daemon worker does so after each document it recognised pages of, so that
    /// only the worker whose turn it is holds one (an engine is 8 to 10 MiB beside the
    /// dictionaries tesseract keeps cached for the next; starting one again takes 0.07 s).
    public static func releaseOCREngines() {
        OCREngine.pool.drain()
        folio_tesseract_return_memory()
    }

    /// The kinds some loader produces.
    public var kinds: Set<DocumentKind> { Set(loaders.keys) }
}
