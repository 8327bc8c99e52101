/// The families of files Folio understands; the raw value is what the database stores and
/// what `folioq --type` takes.
public enum DocumentKind: String, Sendable, CaseIterable, Codable {
    case text = "txt"
    case markdown = "md"
    case html
    case pdf
    case image
    /// Word processing: `.docx`, `.odt`, `.rtf`.
    case document
    /// `.xlsx`, `.ods`: a page per sheet.
    case spreadsheet
    /// `.pptx`, `.odp`: a page per slide.
    case presentation
    /// `.epub`.
    case ebook = "epub"

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
        for ext in ["docx", "docm", "odt", "rtf"] { kinds[ext] = .document }
        for ext in ["xlsx", "xlsm", "ods"] { kinds[ext] = .spreadsheet }
        for ext in ["pptx", "pptm", "odp"] { kinds[ext] = .presentation }
        kinds["epub"] = .ebook
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

    /// Whether the kind's pages are laid out for print, with running headers, footers and
    /// page numbers in their text (`HeaderFooterFilter` removes them). The office kinds'
    /// pages are sheets, slides and chapters: their headers and footers are never read, and
    /// a header row on every sheet or a date on every slide is content.
    public var hasRunningHeaders: Bool {
        switch self {
        case .text, .markdown, .html, .pdf, .image: true
        case .document, .spreadsheet, .presentation, .ebook: false
        }
    }

    /// The MIME type recorded for a document of this kind at `path`: the office kinds hold
    /// several formats, told apart by the extension.
    public func mimeType(path: String) -> String {
        let name = path.split(separator: "/").last ?? Substring(path)
        let ext = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
        return Self.officeTypes[ext] ?? mimeType
    }

    private static let officeTypes = [
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "docm": "application/vnd.ms-word.document.macroEnabled.12",
        "odt": "application/vnd.oasis.opendocument.text",
        "rtf": "text/rtf",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "xlsm": "application/vnd.ms-excel.sheet.macroEnabled.12",
        "ods": "application/vnd.oasis.opendocument.spreadsheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "pptm": "application/vnd.ms-powerpoint.presentation.macroEnabled.12",
        "odp": "application/vnd.oasis.opendocument.presentation",
    ]

    /// The MIME type of the kind's most common format.
    public var mimeType: String {
        switch self {
        case .text: "text/plain"
        case .markdown: "text/markdown"
        case .html: "text/html"
        case .pdf: "application/pdf"
        case .image: "image"
        case .document: "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        case .spreadsheet: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        case .presentation: "application/vnd.openxmlformats-officedocument.presentationml.presentation"
        case .ebook: "application/epub+zip"
        }
    }
}
