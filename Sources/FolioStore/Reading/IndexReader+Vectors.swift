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

    /// Reads the codes of `index.model`'s vectors written since it was last refreshed (and
    /// the vectors, while `index` holds them). The pages read are not kept in SQLite's
    /// cache: a process holding the codes (the embedder) reads each only once, and would
    /// keep the cache's worth of them.
    public func refresh(_ index: inout VectorIndex) throws(StoreError) {
        let model = index.model.id
        let after = index.lastRow
        defer { if index.lastRow != after { try? database.withoutTransaction { db in db.releaseMemory() } } }
        // Appended in place: a copy would duplicate every code held so far. `+model_id`
        // keeps SQLite on the rowid range: by the (model_id, key) index it went through every
        // vector of the model on each query to find none new.
        try read("read vectors") { db in
            // Counted by the (model_id, key) index, not the table: the read below is the
            // one pass over the vectors themselves.
            if after == 0, let count = try db.value(as: Int.self, "SELECT count(*) FROM vector WHERE model_id = ?", [model]) {
                index.reserve(count)
            }
            try db.forEachRow("SELECT id, key, scale, data FROM vector WHERE +model_id = ? AND id > ? ORDER BY id", [model, after],
                              columns: { columns in
                let row = columns.int64(0)
                columns.withBytes(3) { index.append(row: row, key: columns.int64(1), scale: Float(columns.double(2)), components: $0) }
                index.lastRow = row
            })
        }
    }

    /// The `limit` windows nearest `query` (a unit vector) by `index.model`'s vectors, best
    /// first, with their cosine similarity: by the int8 vectors `index` holds while they are
    /// few, else `index`'s shortlist by codes, rescored by the int8 vectors read for it.
    /// `among`: only these vector ids (`vectorRows(allowedBy:model:)`).
    public func nearest(_ query: [Float], in index: VectorIndex, limit: Int, among: [Int64]? = nil) throws(StoreError) -> [(key: Int64, similarity: Float)] {
        if let held = index.nearestHeld(query, limit: limit, among: among) { return held }
        return try nearest(query, rows: index.shortlist(query, count: VectorIndex.shortlistCount(limit: limit), among: among), limit: limit)
    }

    /// The `limit` windows of the vectors `rows` (a `VectorIndex.shortlist`) most similar
    /// to `query` (a unit vector), best first, with their cosine similarity: the second
    /// pass of a search by meaning, with the int8 vectors read for these rows only. The
    /// query is quantised like the vectors, and each dot product taken sixteen int8
    /// components at a time in int32 (`Int8Dot`). A row no longer in the index is skipped.
    public func nearest(_ query: [Float], rows: [Int64], limit: Int) throws(StoreError) -> [(key: Int64, similarity: Float)] {
        guard !rows.isEmpty, limit > 0 else { return [] }
        let quantised = QuantisedVector(query)
        var keys: [Int64] = []
        var best = BoundedBest<ScoredRow>(capacity: limit)
        try read("rescore the nearest vectors") { db in
            try db.forEachRow("SELECT v.key, v.scale, v.data FROM json_each(?) j CROSS JOIN vector v ON v.id = j.value",
                              [IdArray.json(rows)], columns: { columns in
                let similarity = columns.withBytes(2) { data in
                    data.count == quantised.components.count ? Int8Dot.product(quantised.components, data) : nil
                }
                guard let similarity else { return }
                best.offer(ScoredRow(row: keys.count, score: Float(similarity) * Float(columns.double(1)) * quantised.scale))
                keys.append(columns.int64(0))
            })
        }
        return best.sorted().map { (keys[$0.row], $0.score) }
    }

    /// The cosine similarity of `query` (a unit vector) to each of `windows` by `model`'s
    /// vectors, in their order; `nil` for a window the model has no vector for.
    public func similarities(_ query: [Float], to windows: [Int64], model: Int64) throws(StoreError) -> [Float?] {
        var found: [Int64: Float] = [:]
        try read("read the vectors of windows") { db in
            try db.forEachRow("SELECT v.key, v.scale, v.data FROM json_each(?) j CROSS JOIN vector v ON v.model_id = ? AND v.key = j.value",
                              [IdArray.json(windows), model], columns: { columns in
                let scale = Float(columns.double(1))
                columns.withBytes(2) { data in
                    guard data.count == query.count else { return }
                    var sum: Float = 0
                    for k in 0..<query.count { sum += query[k] * Float(Int8(bitPattern: data[k])) }
                    found[columns.int64(0)] = sum * scale
                }
            })
        }
        return windows.map { found[$0] }
    }

    /// The ids of `model`'s vectors for the windows of the documents and chunks `filters`
    /// allow, in ascending order: the only ones a filtered search by meaning looks at
    /// (`VectorIndex.shortlist(_:count:among:)`), so that a filter narrows the meaning's
    /// candidates before the best are taken, not after.
    public func vectorRows(allowedBy filters: SearchFilters, model: Int64) throws(StoreError) -> [Int64] {
        let (conditions, arguments) = filters.conditions
        return try read("find the windows a search's filters allow") { db in
            var rows: Set<Int64> = []
            try db.forEachRow("""
                SELECT v.id FROM chunk_window w JOIN chunk c ON c.id = w.chunk_id JOIN document d ON d.id = c.document_id
                JOIN vector v ON v.model_id = ? AND v.key = w.key
                WHERE 1\(conditions)
                """, [model] + arguments, columns: { columns in rows.insert(columns.int64(0)) })
            return rows.sorted()
        }
    }

    /// How far `model` is.
    public func semanticCoverage(model: Int64) throws(StoreError) -> SemanticCoverage {
        try read("measure semantic coverage") { db in try IndexStore.coverage(db, model: model) }
    }
}
