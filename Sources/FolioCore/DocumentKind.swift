/// The families of files Folio understands; the raw value is what the database stores and
/// what `folioq --type` takes.
public enum DocumentKind: String, Sendable, CaseIterable, Codable {
    case text = "txt"
    case markdown = "md"
    case html
    case pdf
    case image

    /// The file name extensions (lower case) read as each kind: the one list of what Folio
    /// indexes, shared by the daemon (which must decide without loading any reader) and
    /// the loaders.
    public static let extensions: [String: DocumentKind] = {
        var kinds: [String: DocumentKind] = [:]
        for ext in ["txt", "text", "rst", "org", "adoc", "asciidoc", "tex", "log", "csv", "tsv"] { kinds[ext] = .text }
        for ext in ["md", "markdown", "mdown", "mkd", "mkdn"] { kinds[ext] = .markdown }
        for ext in ["html", "htm", "xhtml"] { kinds[ext] = .html }
        kinds["pdf"] = .pdf
        for ext in ["png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif", "webp"] { kinds[ext] = .image }
        return kinds
    }()

    /// The kind a file at `path` is read as, from its extension; `nil` when Folio does not
    /// read such files.
    public init?(path: String) {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
              let kind = Self.extensions[name[name.index(after: dot)...].lowercased()] else { return nil }
        self = kind
    }

    /// The MIME type recorded for documents of this kind.
    public var mimeType: String {
        switch self {
        case .text: "text/plain"
        case .markdown: "text/markdown"
        case .html: "text/html"
        case .pdf: "application/pdf"
        case .image: "image"
        }
    }
}
