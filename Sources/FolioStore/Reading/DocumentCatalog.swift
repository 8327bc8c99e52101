internal import FolioCore
internal import FolioSQLite

/// Listing and counting documents, shared by the writer and the read-only clients.
public protocol DocumentCatalog: Sendable {
    /// The documents in `scope`, sorted by path; only those with `status` when given.
    func documents(in scope: PathScope, status: DocumentStatus?) throws(StoreError) -> [DocumentRecord]
    /// Totals over the whole index.
    func counts() throws(StoreError) -> IndexCounts
    /// The files in `scope` whose name matches `name`, the most recently modified first, at
    /// most `limit` (`folioq --name` without words). Documents inside a file (a mailbox's
    /// messages, attachments) are not files: they are left out.
    func files(named name: NamePattern, in scope: PathScope, limit: Int) throws(StoreError) -> [DocumentRecord]
}

enum CatalogQueries {
    static func documents(_ db: SQLiteConnection, in scope: PathScope, status: DocumentStatus?) throws -> [DocumentRecord] {
        let (sql, arguments) = filter(scope, status)
        return try db.rows("SELECT \(DocumentRecord.columns) " + sql + " ORDER BY path", arguments).map(DocumentRecord.init(row:))
    }

    static func files(_ db: SQLiteConnection, named name: NamePattern, in scope: PathScope, limit: Int) throws -> [DocumentRecord] {
        let (sql, arguments) = filter(scope, nil)
        let condition = name.condition
        return try db.rows("SELECT \(DocumentRecord.columns) \(sql) AND id IN (SELECT rowid FROM file_name WHERE \(condition.sql)) ORDER BY mtime_ns DESC, path LIMIT ?",
                           arguments + condition.arguments + [limit]).map(DocumentRecord.init(row:))
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

    public func files(named name: NamePattern, in scope: PathScope, limit: Int) throws(StoreError) -> [DocumentRecord] {
        try read("list files by name") { db in try CatalogQueries.files(db, named: name, in: scope, limit: limit) }
    }
}
