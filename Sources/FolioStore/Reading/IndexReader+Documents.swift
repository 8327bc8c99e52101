public import FolioCore
internal import FolioSQLite

extension IndexReader {
    /// The chunks of the document at `path` whose positions are in `chunks`, in order.
    public func passages(of path: String, chunks: ClosedRange<Int>) throws(StoreError) -> [DocumentPassage] {
        try read("read a document's passages") { db in
            try db.rows("""
                SELECT c.ordinal, c.page_first, c.page_last, p.label, c.section, c.text
                FROM document d JOIN chunk c ON c.document_id = d.id
                LEFT JOIN page p ON p.document_id = d.id AND p.number = c.page_first
                WHERE d.path = ? AND c.ordinal BETWEEN ? AND ? ORDER BY c.ordinal
                """, [path, chunks.lowerBound, chunks.upperBound]).map {
                DocumentPassage(chunk: $0["ordinal"], firstPage: $0["page_first"], lastPage: $0["page_last"], pageLabel: $0["label"],
                                section: $0["section"], text: $0["text"])
            }
        }
    }

    /// The position of the first chunk of `path` that holds page `page` (or, past its last
    /// page, its last chunk); `nil` when the document has no chunk.
    public func chunk(of path: String, page: Int) throws(StoreError) -> Int? {
        try read("find a page's chunk") { db in
            try db.value(as: Int.self, """
                SELECT coalesce((SELECT min(ordinal) FROM chunk WHERE document_id = d.id AND page_last >= ?),
                                (SELECT max(ordinal) FROM chunk WHERE document_id = d.id))
                FROM document d WHERE d.path = ?
                """, [page, path])
        }
    }

    /// The printed label of page `page` (1-based, physical) of `path`, where the file has
    /// one ("iv", "41"); `nil` otherwise.
    public func pageLabel(of path: String, page: Int) throws(StoreError) -> String? {
        try read("read a page's label") { db in
            try db.value(as: String.self, """
                SELECT p.label FROM document d JOIN page p ON p.document_id = d.id AND p.number = ? WHERE d.path = ?
                """, [page, path])
        }
    }

    /// Whether any document lies in `scope`: a check that reads one row, not the list.
    public func hasDocuments(in scope: PathScope) throws(StoreError) -> Bool {
        try read("look for documents") { db in
            let condition = scope.condition()
            return try db.row("SELECT 1 FROM document WHERE \(condition.sql) LIMIT 1", condition.arguments) != nil
        }
    }

    /// The documents in `scope` (with `status` when given) sorted by path, `limit` of them
    /// from the `offset`th, and how many there are in all: a page of a long list, without
    /// reading the rest of it.
    public func documents(in scope: PathScope, status: DocumentStatus?, limit: Int, offset: Int) throws(StoreError)
        -> (documents: [DocumentRecord], total: Int) {
        try read("list documents") { db in
            let (sql, arguments) = CatalogQueries.filter(scope, status)
            let total = try db.value(as: Int.self, "SELECT count(*) " + sql, arguments) ?? 0
            let page = try db.rows("SELECT \(DocumentRecord.columns) " + sql + " ORDER BY path LIMIT ? OFFSET ?", arguments + [limit, offset])
            return (page.map(DocumentRecord.init(row:)), total)
        }
    }
}
