/// The text a loader extracted from one file, page by page, before filtering and chunking.
public struct LoadedDocument: Sendable, Equatable, Codable {
    public var kind: DocumentKind
    /// The document's own title (metadata, front matter, `<title>`, first heading), if it
    /// has one; the indexer chooses one otherwise (`DocumentTitle`).
    public var title: String?
    public var pages: [Page]
    /// What could not be read (unreadable pages, OCR skipped by a limit, a truncated
    /// file): a document with problems is indexed as partial, with these as the reason.
    public var problems: [String]
    /// What the file records about itself besides its text, by name (`DocumentField`):
    /// a book's author, a message's sender and date.
    public var fields: [DocumentField: String]
    /// Files the document carries (a message's attachments), indexed as documents of
    /// their own under it (`DocumentKey`). Not sent between processes: `folioctl extract`
    /// shows their names in the text.
    public var attachments: [Attachment] = []

    public init(kind: DocumentKind, title: String?, pages: [Page], problems: [String] = [], fields: [DocumentField: String] = [:]) {
        self.kind = kind
        self.title = title
        self.pages = pages
        self.problems = problems
        self.fields = fields
    }

    private enum CodingKeys: String, CodingKey {
        case kind, title, pages, problems, fields
    }
}

/// A file inside a document: a mail attachment.
public struct Attachment: Sendable, Equatable {
    /// Its file name, as the message gives it.
    public var name: String
    /// Its decoded bytes; `nil` when they were over the size limit (`size` says how many).
    public var content: [UInt8]?
    public var size: Int

    public init(name: String, content: [UInt8]?, size: Int) {
        self.name = name
        self.content = content
        self.size = size
    }
}

/// One page of a document. Formats without pages (Markdown, HTML, text without form
/// feeds) are a single page numbered 1.
public struct Page: Sendable, Equatable, Codable {
    /// 1-based physical page number.
    public var number: Int
    /// The page's printed label, where the format has one ("iv", "A-3").
    public var label: String?
    public var lines: [TextLine]
    /// Tesseract's mean confidence (0–100) when the text came from OCR; `nil` when it came
    /// from the file's own text.
    public var ocrConfidence: Double?

    public init(number: Int, label: String? = nil, lines: [TextLine], ocrConfidence: Double? = nil) {
        self.number = number
        self.label = label
        self.lines = lines
        self.ocrConfidence = ocrConfidence
    }
}

/// A line of extracted text: a paragraph, heading, list item, table row or a physical
/// line of a text file, with the heading it falls under. Lines are the unit the
/// header/footer filter removes and the boundaries the chunker prefers.
public struct TextLine: Sendable, Equatable, Codable {
    public var text: String
    /// The nearest heading above this line (the heading itself for a heading line).
    public var section: String?
    /// In source code, the innermost definition the line is in, however small, named with
    /// those around it (`Parser.parse_config`): a section is only a large one, and a hit in
    /// a small function names it from this (`Chunk.outline`).
    public var definition: String?

    public init(_ text: String, section: String? = nil, definition: String? = nil) {
        self.text = text
        self.section = section
        self.definition = definition
    }
}
