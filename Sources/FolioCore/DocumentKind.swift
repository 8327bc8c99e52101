/// The families of files Folio understands; the raw value is what the database stores and
/// what `folioq --type` takes.
public enum DocumentKind: String, Sendable, CaseIterable, Codable {
    case text = "txt"
    case markdown = "md"
    case html
    case pdf
    case image

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
