public import FolioCore
public import FolioStore

/// A source in the index, as `FolioEngine.listSources` gives it.
public struct Source: Sendable, Equatable {
    /// The identifier it was ingested under (for files `foliod` indexed, the path).
    public var id: String
    /// Its own title (metadata, first heading), or one Folio chose from its first lines.
    public var title: String?
    public var kind: DocumentKind
    public var pages: Int
    public var chunks: Int
    public var status: DocumentStatus
    /// Why it is `failed` or `partial`.
    public var problem: String?

    init(_ record: DocumentRecord) {
        id = record.path
        title = record.title
        kind = record.kind
        pages = record.pageCount
        chunks = record.chunkCount
        status = record.status
        problem = record.error
    }
}
