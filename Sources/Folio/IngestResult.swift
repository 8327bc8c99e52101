/// What `FolioEngine.ingest` did with a source.
public struct IngestResult: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// All the text is in the index.
        case indexed
        /// Some of the text is in the index; `reason` says what could not be read (a page
        /// that would not render, OCR that was off).
        case partial(reason: String)
        /// The same content was ingested before under this identifier: nothing was read.
        case unchanged
    }

    public var sourceId: String
    /// The source's pages (a format without pages has one).
    public var pages: Int
    /// The chunks it is searched by.
    public var chunks: Int
    public var outcome: Outcome

    public init(sourceId: String, pages: Int, chunks: Int, outcome: Outcome) {
        self.sourceId = sourceId
        self.pages = pages
        self.chunks = chunks
        self.outcome = outcome
    }
}
