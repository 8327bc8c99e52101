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

    /// With `pending`, a name's pattern also lists the files walks in progress have listed
    /// and the index does not hold yet (`PendingNames`), in the same order, as files known
    /// by their names (kind `file`, `listedOnly`).
    static func files(_ db: SQLiteConnection, matching filters: SearchFilters, limit: Int, pending: PendingNames? = nil) throws -> [DocumentRecord] {
        var filters = filters
        filters.pages = nil
        let (conditions, arguments) = filters.conditions
        let indexed = try db.rows("SELECT \(DocumentRecord.columns) FROM document d WHERE 1\(conditions) ORDER BY \(SearchFilters.when) DESC, path LIMIT ?",
                                  arguments + [limit]).map(DocumentRecord.init(row:))
        guard let pending, let pattern = filters.name else { return indexed }
        var listed: [DocumentRecord] = []
        for file in pending.files(named: pattern) where try !NameTier.isIndexed(file.path, db) {
            guard let status = file.status(allowedBy: filters) else { continue }
            var record = DocumentRecord(path: file.path, signature: FileSignature(size: status.size, modificationTimeNanoseconds: status.modificationTimeNanoseconds,
                                                                                  inode: status.inode),
                                        contentHash: nil, kind: .file, title: nil, pageCount: 0, chunkCount: 0, status: .indexed, error: nil, indexedAt: 0)
            record.listedOnly = true
            listed.append(record)
        }
        guard !listed.isEmpty else { return indexed }
        // Merged into the index's order, which stays as it is (a message's time is its
        // `Date`, not its file's).
        func written(_ record: DocumentRecord) -> Int64 { record.signature.modificationTimeNanoseconds / 1_000_000_000 }
        listed.sort { (-written($0), $0.path) < (-written($1), $1.path) }
        var merged: [DocumentRecord] = []
        var (next, nextListed) = (0, 0)
        while merged.count < limit, next < indexed.count || nextListed < listed.count {
            if nextListed == listed.count || (next < indexed.count && written(indexed[next]) >= written(listed[nextListed])) {
                merged.append(indexed[next])
                next += 1
            } else {
                merged.append(listed[nextListed])
                nextListed += 1
            }
        }
        return merged
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
        try read("list files") { db in try CatalogQueries.files(db, matching: filters, limit: limit, pending: PendingNames.load(beside: path)) }
    }
}
