/// The families of files Folio understands; the raw value is what the database stores and
/// what `folioq --type` takes.
public enum DocumentKind: String, Sendable, CaseIterable, Codable {
    case text = "txt"
    case markdown = "md"
    case html
    case pdf
    case image
    /// Word processing: `.docx`, `.odt`, `.rtf`, `.doc`.
    case document
    /// `.xlsx`, `.ods`, `.xls`: a page per sheet.
    case spreadsheet
    /// `.pptx`, `.odp`: a page per slide.
    case presentation
    /// `.epub`.
    case ebook = "epub"
    /// A mail message: `.eml`, or a message file of a Maildir folder.
    case mail
    /// A zip archive: its one page the names of its files, each file of a kind Folio reads
    /// indexed as a document inside it (`ArchiveLoader`).
    case archive
    /// Source code and structured text (`.py`, `.swift`, `.json`, `.yaml`, `.toml`, …): read
    /// as plain text, each chunk knowing the line it starts on.
    case code
    /// A file of a kind Folio does not read (`holiday-photos.zip`, `backup.tar`): known by its
    /// name alone, never opened. Not in `extensions`: `FileKinds` gives it to every other file.
    case file

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
        for ext in ["docx", "docm", "odt", "rtf", "doc"] { kinds[ext] = .document }
        for ext in ["xlsx", "xlsm", "ods", "xls"] { kinds[ext] = .spreadsheet }
        for ext in ["pptx", "pptm", "odp", "ppt"] { kinds[ext] = .presentation }
        kinds["epub"] = .ebook
        kinds["eml"] = .mail
        kinds["zip"] = .archive
        for ext in codeExtensions { kinds[ext] = .code }
        return kinds
    }()

    /// Source code and structured text, read as `.code`.
    public static let codeExtensions = [
        "py", "pyi", "js", "mjs", "cjs", "ts", "tsx", "jsx", "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "swift", "go", "rs", "java",
        "kt", "kts", "scala", "cs", "m", "mm", "rb", "php", "pl", "pm", "lua", "r", "jl", "dart", "hs", "ml", "ex", "exs", "erl",
        "clj", "el", "vim", "sh", "bash", "zsh", "fish", "ps1", "sql", "css", "scss", "less", "vue", "svelte", "proto", "graphql",
        "tf", "cmake", "mk", "gradle", "json", "jsonl", "yaml", "yml", "toml", "xml", "ini", "cfg", "conf", "properties", "env",
    ]

    /// The kind a file at `path` is read as, from its extension; `nil` when Folio does not
    /// read such files.
    public init?(path: String) {
        if let kind = AbsolutePath.fileExtension(path).flatMap({ Self.extensions[$0] }) {
            self = kind
        } else if Self.isMaildirMessage(path) {
            self = .mail
        } else {
            return nil
        }
    }

    /// Whether `path` names a message of a Maildir folder: a file in its `cur` or `new`
    /// folder whose name starts with the Unix time it was delivered and a dot
    /// (`1700000000.M12P34.host:2,S`), the names Maildir's delivery rules give.
    /// Related documentation: <https://cr.yp.to/proto/maildir.html>
    static func isMaildirMessage(_ path: String) -> Bool {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return false }
        let folder = AbsolutePath.lastComponent(String(path[..<slash]))
        guard folder == "cur" || folder == "new" else { return false }
        let name = path.utf8[path.utf8.index(after: slash)...]
        let digits = name.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return digits.count >= 9 && name.dropFirst(digits.count).first == UInt8(ascii: ".")
    }

    /// Whether the kind's pages are laid out for print, with running headers, footers and
    /// page numbers in their text (`HeaderFooterFilter` removes them). The office kinds'
    /// pages are sheets, slides and chapters: their headers and footers are never read, and
    /// a header row on every sheet or a date on every slide is content.
    public var hasRunningHeaders: Bool {
        switch self {
        case .text, .markdown, .html, .pdf, .image: true
        case .document, .spreadsheet, .presentation, .ebook, .mail, .archive, .code, .file: false
        }
    }

    /// Whether a file of this kind inside another (an attachment, an archive's file) is
    /// read as a document of its own: not images (a message's logos would take the OCR's
    /// time), messages (a forwarded one is read as part of its message) or archives (a
    /// bomb's favourite shape).
    public var isReadInsideOthers: Bool {
        ![.image, .mail, .archive, .file].contains(self)
    }

    /// The MIME type recorded for a document of this kind at `path`: the office kinds hold
    /// several formats, and mail both messages and mailboxes, told apart by the extension.
    public func mimeType(path: String) -> String {
        let name = AbsolutePath.lastComponent(path)
        let ext = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
        return Self.typesByExtension[ext] ?? mimeType
    }

    private static let typesByExtension = [
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "docm": "application/vnd.ms-word.document.macroEnabled.12",
        "odt": "application/vnd.oasis.opendocument.text",
        "rtf": "text/rtf",
        "doc": "application/msword",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "xlsm": "application/vnd.ms-excel.sheet.macroEnabled.12",
        "ods": "application/vnd.oasis.opendocument.spreadsheet",
        "xls": "application/vnd.ms-excel",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "pptm": "application/vnd.ms-powerpoint.presentation.macroEnabled.12",
        "odp": "application/vnd.oasis.opendocument.presentation",
        "ppt": "application/vnd.ms-powerpoint",
        "mbox": "application/mbox",
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
        case .mail: "message/rfc822"
        case .archive: "application/zip"
        case .code: "text/plain"
        case .file: "application/octet-stream"
        }
    }
}
