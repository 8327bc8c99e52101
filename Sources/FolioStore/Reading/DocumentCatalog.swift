public import FolioCore
internal import FolioSQLite

/// Listing and counting documents, shared by the writer and the read-only clients.
public protocol DocumentCatalog: Sendable {
    /// The documents in `scope`, sorted by path; only those with `status` when given.
    func documents(in scope: PathScope, status: DocumentStatus?) throws(StoreError) -> [DocumentRecord]
    /// Totals over the whole index.
    func counts() throws(StoreError) -> IndexCounts
    /// The documents `filters` allow (their pages aside), the most recently modified (a
    /// message: sent) first, at most `limit`: `folioq` with filters and no words. With a
    /// name, documents inside a file (a mailbox's messages, attachments) are left out: they
    /// have no name of their own.
    func files(matching filters: SearchFilters, limit: Int) throws(StoreError) -> [DocumentRecord]
}

enum CatalogQueries {
    static func documents(_ db: SQLiteConnection, in scope: PathScope, status: DocumentStatus?) throws -> [DocumentRecord] {
        let (sql, arguments) = filter(scope, status)
        return try db.rows("SELECT \(DocumentRecord.columns) " + sql + " ORDER BY path", arguments).map(DocumentRecord.init(row:))
    }

    static func files(_ db: SQLiteConnection, matching filters: SearchFilters, limit: Int) throws -> [DocumentRecord] {
        var filters = filters
        filters.pages = nil
        let (conditions, arguments) = filters.conditions
        return try db.rows("SELECT \(DocumentRecord.columns) FROM document d WHERE 1\(conditions) ORDER BY \(SearchFilters.when) DESC, path LIMIT ?",
                           arguments + [limit]).map(DocumentRecord.init(row:))
    }

    /// `FROM document WHERE …` for the documents in `scope`, with `status` when given.
    static func filter(_ scope: PathScope, _ status: DocumentStatus?) -> (sql: String, arguments: SQLiteArguments) {
        let condition = scope.condition()
        var sql = "FROM document WHERE \(condition.sql)"
        var arguments = condition.arguments
        if let status {
            sql += " AND status = ?"
            arguments += [status.rawValue]
        }
        return (sql, arguments)
    }

    static func counts(_ db: SQLiteConnection) throws -> IndexCounts {
        let row = try db.row("""
            SELECT count(*) AS documents,
                   count(*) FILTER (WHERE status = 'failed') AS failed,
                   count(*) FILTER (WHERE status = 'partial') AS partial,
                   coalesce(sum(page_count), 0) AS pages,
                   coalesce(sum(chunk_count), 0) AS chunks,
                   count(*) FILTER (WHERE kind = 'file') AS named
            FROM document
            """)!
        return IndexCounts(documents: row["documents"], failed: row["failed"], partial: row["partial"], pages: row["pages"], chunks: row["chunks"],
                           named: row["named"])
    }
}

extension IndexStore: DocumentCatalog {
    public func documents(in scope: PathScope, status: DocumentStatus? = nil) throws(StoreError) -> [DocumentRecord] {
        try read("list documents") { db in try CatalogQueries.documents(db, in: scope, status: status) }
    }

    public func counts() throws(StoreError) -> IndexCounts {
        try read("count") { db in try CatalogQueries.counts(db) }
    }

    public func files(matching filters: SearchFilters, limit: Int) throws(StoreError) -> [DocumentRecord] {
        try read("list files") { db in try CatalogQueries.files(db, matching: filters, limit: limit) }
    }
}
