/// One chunk of a document as a reader hands it over whole: its text, where it lies, and
/// the heading above it.
public struct DocumentPassage: Sendable, Equatable {
    /// 0-based position in the document (`SearchHit.chunkOrdinal`).
    public var chunk: Int
    public var firstPage: Int
    public var lastPage: Int
    /// The printed label of its first page, where the file has labels.
    public var pageLabel: String?
    public var section: String?
    public var text: String

    public init(chunk: Int, firstPage: Int, lastPage: Int, pageLabel: String?, section: String?, text: String) {
        self.chunk = chunk
        self.firstPage = firstPage
        self.lastPage = lastPage
        self.pageLabel = pageLabel
        self.section = section
        self.text = text
    }
}
