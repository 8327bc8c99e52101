public import FolioCore

/// Chooses the loader for a file from its extension; content sniffing then guards the
/// choice (`TextDecoding` refuses binary data behind a text extension).
public struct LoaderRegistry: Sendable {
    private var loadersByExtension: [String: any Loader]

    public init(loaders: [String: any Loader]) {
        loadersByExtension = loaders
    }

    /// The loaders Folio ships with, by lower-case extension.
    public static let standard: LoaderRegistry = {
        var loaders: [String: any Loader] = [:]
        for ext in ["txt", "text", "rst", "org", "adoc", "asciidoc", "tex", "log", "csv", "tsv"] {
            loaders[ext] = PlainTextLoader()
        }
        for ext in ["md", "markdown", "mdown", "mkd", "mkdn"] {
            loaders[ext] = MarkdownLoader()
        }
        for ext in ["html", "htm", "xhtml"] {
            loaders[ext] = HTMLLoader()
        }
        loaders["pdf"] = PDFLoader()
        for ext in ["png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif", "webp"] {
            loaders[ext] = ImageLoader()
        }
        return LoaderRegistry(loaders: loaders)
    }()

    /// The loader for `path`, or `nil` when Folio does not index files of that type.
    public func loader(forPath path: String) -> (any Loader)? {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return loadersByExtension[name[name.index(after: dot)...].lowercased()]
    }

    /// How many pages and images tesseract has recognised in this process (cache hits do
    /// not count): what shows that the OCR cache works.
    public static var ocrRecognitions: Int {
        OCREngine.recognitions.load(ordering: .relaxed)
    }

    /// The kinds some loader produces.
    public var kinds: Set<DocumentKind> { Set(loadersByExtension.values.map(\.kind)) }
}
