internal import FolioSQLite

/// The whole text of a chunk and where its second page begins: what a passage given to a
/// language model is cut from (a search hit carries only a snippet).
public struct ChunkContent: Sendable, Equatable {
    public var text: String
    /// Unicode scalars into `text` where `page_last` begins, for a chunk over two pages.
    public var pageBreak: Int?
    /// The printed label of the chunk's first and last page, where the file has labels.
    public var firstPageLabel: String?
    public var lastPageLabel: String?
    /// The text of the chunk before, when it ends on the page this one begins on, and of
    /// the chunk after, when it begins on the page this one ends on: where a sentence cut
    /// at the chunk's edge goes on (`folioq --ask` sends it whole).
    public var previousText: String?
    public var nextText: String?

    public init(text: String, pageBreak: Int?, firstPageLabel: String? = nil, lastPageLabel: String? = nil, previousText: String? = nil,
                nextText: String? = nil) {
        self.text = text
        self.pageBreak = pageBreak
        self.firstPageLabel = firstPageLabel
        self.lastPageLabel = lastPageLabel
        self.previousText = previousText
        self.nextText = nextText
    }
}

extension IndexReader {
    /// The text of each hit's chunk and its neighbours', in the hits' order (`nil` for a
    /// chunk gone since the search, which a writer may have replaced in between).
    public func chunkContents(of hits: [SearchHit]) throws(StoreError) -> [ChunkContent?] {
        try read("read chunk texts") { db in try ChunkContent.of(hits, in: db) }
    }
}

extension IndexStore {
    /// `IndexReader.chunkContents(of:)`, on the store's own connection (the library's
    /// writable engine).
    public func chunkContents(of hits: [SearchHit]) throws(StoreError) -> [ChunkContent?] {
        try read("read chunk texts") { db in try ChunkContent.of(hits, in: db) }
    }
}

extension ChunkContent {
    static func of(_ hits: [SearchHit], in db: SQLiteConnection) throws -> [ChunkContent?] {
        try hits.map { hit in
            try db.row("""
                SELECT c.text, c.page_break, p1.label AS label1, p2.label AS label2, before.text AS previous, after.text AS next
                FROM document d JOIN chunk c ON c.document_id = d.id
                LEFT JOIN page p1 ON p1.document_id = d.id AND p1.number = c.page_first
                LEFT JOIN page p2 ON p2.document_id = d.id AND p2.number = c.page_last
                LEFT JOIN chunk before ON before.document_id = d.id AND before.ordinal = c.ordinal - 1 AND before.page_last = c.page_first
                LEFT JOIN chunk after ON after.document_id = d.id AND after.ordinal = c.ordinal + 1 AND after.page_first = c.page_last
                WHERE d.path = ? AND c.ordinal = ?
                """, [hit.path, hit.chunkOrdinal], cached: true).map {
                ChunkContent(text: $0["text"], pageBreak: $0["page_break"], firstPageLabel: $0["label1"], lastPageLabel: $0["label2"],
                             previousText: $0["previous"], nextText: $0["next"])
            }
        }
    }
}
