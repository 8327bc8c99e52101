public import FolioCore
internal import CTesseract

/// Chooses the loader for a file from its kind (`DocumentKind(path:)`, by extension);
/// content sniffing then guards the choice (`TextDecoding` refuses binary data behind a
/// text extension). A library user's loader (`FolioEngine`) can take a kind's place, or
/// read extensions of its own, which come before the kinds'.
public struct LoaderRegistry: Sendable {
    private var loaders: [DocumentKind: any DocumentLoader]
    /// Loaders registered for extensions (lower case, without the dot).
    private var byExtension: [String: any DocumentLoader] = [:]

    public init(loaders: [DocumentKind: any DocumentLoader]) {
        self.loaders = loaders
    }

    /// Reads files with `extensions` (`["mdx"]`, any case, without the dot) with `loader`;
    /// without extensions, `loader` reads every file of its kind instead of the built-in one.
    public mutating func register(_ loader: any DocumentLoader, forExtensions extensions: [String] = []) {
        if extensions.isEmpty { loaders[loader.kind] = loader }
        for name in extensions {
            byExtension[(name.hasPrefix(".") ? String(name.dropFirst()) : name).lowercased()] = loader
        }
    }

    /// The loaders Folio ships with.
    public static let standard = LoaderRegistry(loaders: [
        .text: PlainTextLoader(), .markdown: MarkdownLoader(), .html: HTMLLoader(), .pdf: PDFLoader(), .image: ImageLoader(),
        .document: WordProcessingLoader(), .spreadsheet: SpreadsheetLoader(), .presentation: PresentationLoader(), .ebook: EPUBLoader(),
        .mail: MailLoader(), .code: SourceCodeLoader(), .archive: ArchiveLoader(),
    ])

    /// The loader that reads files of `kind`, but those of extensions registered apart.
    public func loader(for kind: DocumentKind) -> (any DocumentLoader)? {
        loaders[kind]
    }

    /// The loader for `path`, or `nil` when Folio does not index files of that type.
    public func loader(forPath path: String) -> (any DocumentLoader)? {
        if !byExtension.isEmpty, let name = path.split(separator: "/").last, let dot = name.lastIndex(of: "."), dot != name.startIndex,
           let loader = byExtension[name[name.index(after: dot)...].lowercased()] {
            return loader
        }
        return DocumentKind(path: path).flatMap { loaders[$0] }
    }

    /// How many pages and images tesseract has recognised in this process (cache hits do
    /// not count): what shows that the OCR cache works.
    public static var ocrRecognitions: Int {
        OCREngine.recognitions.load(ordering: .relaxed)
    }

    /// Ends this process's idle tesseract engines and gives their memory back to the
    /// system: a daemon worker does so after each document it recognised pages of, so that
    /// only the worker whose turn it is holds one (an engine holds megabytes beside the
    /// dictionaries tesseract keeps cached for the next, and starts again quickly;
    /// docs/benchmarks.md).
    public static func releaseOCREngines() {
        OCREngine.pool.drain()
        folio_tesseract_return_memory()
    }

    /// The kinds some loader produces.
    public var kinds: Set<DocumentKind> { Set(loaders.keys) }
}
