public import FolioCore
internal import FolioSQLite

extension IndexReader {
    /// The model queries are answered with: the newest complete one, else (while the first
    /// model is being built) the newest with any vector. `nil`: no vectors yet.
    public func queryModel() throws(StoreError) -> EmbeddingModelRecord? {
        try read("find the embedding model") { db in try Self.queryModel(db) }
    }

    static func queryModel(_ db: SQLiteConnection) throws -> EmbeddingModelRecord? {
        try db.row("""
            SELECT \(EmbeddingModelRecord.columns) FROM embedding_model m
            WHERE m.completed_at IS NOT NULL OR EXISTS (SELECT 1 FROM vector v WHERE v.model_id = m.id)
            ORDER BY m.completed_at IS NULL, m.completed_at DESC, m.id DESC LIMIT 1
            """).map(EmbeddingModelRecord.init(row:))
    }

    /// The model row of a provider and model name, if vectors were ever made with it.
    public func embeddingModel(provider: String, name: String) throws(StoreError) -> EmbeddingModelRecord? {
        try read("find the embedding model") { db in
            try db.row("SELECT \(EmbeddingModelRecord.columns) FROM embedding_model WHERE provider = ? AND name = ?", [provider, name])
                .map(EmbeddingModelRecord.init(row:))
        }
    }

    /// Reads the vectors of `index.model` written since it was last refreshed. The pages
    /// read are not kept in SQLite's cache: a process holding the vectors (the embedder)
    /// reads each only once, and would keep the cache's worth of them.
    public func refresh(_ index: inout VectorIndex) throws(StoreError) {
        let model = index.model.id
        let after = index.lastRow
        defer { if index.lastRow != after { try? database.withoutTransaction { db in db.releaseMemory() } } }
        // Appended in place: a copy would duplicate every vector held so far. `+model_id`
        // keeps SQLite on the rowid range: by the (model_id, key) index it went through every
        // vector of the model on each query to find none new.
        try read("read vectors") { db in
            try db.forEachRow("SELECT id, key, scale, data FROM vector WHERE +model_id = ? AND id > ? ORDER BY id", [model, after]) { row in
                index.append(key: row["key"], scale: Float(row["scale"] as Double), bytes: row["data"])
                index.lastRow = row["id"]
            }
        }
    }

    /// The windows of the documents and chunks `filters` allow: the only ones a filtered
    /// search by meaning scans (`VectorIndex.nearest(_:limit:among:)`), so that a filter
    /// narrows the meaning's candidates before the best are taken, not after.
    public func windowKeys(allowedBy filters: SearchFilters) throws(StoreError) -> Set<Int64> {
        let (conditions, arguments) = filters.conditions
        return try read("find the windows a search's filters allow") { db in
            var keys: Set<Int64> = []
            try db.forEachRow("""
                SELECT w.key FROM chunk_window w JOIN chunk c ON c.id = w.chunk_id JOIN document d ON d.id = c.document_id
                WHERE 1\(conditions)
                """, arguments, columns: { columns in keys.insert(columns.int64(0)) })
            return keys
        }
    }

    /// How far `model` is.
    public func semanticCoverage(model: Int64) throws(StoreError) -> SemanticCoverage {
        try read("measure semantic coverage") { db in try IndexStore.coverage(db, model: model) }
    }
}
