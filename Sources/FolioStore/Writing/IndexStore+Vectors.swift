public import FolioCore
internal import FolioSQLite
internal import Glibc

extension IndexStore {
    /// The model row for a provider and model name, created when new.
    public func embeddingModel(provider: String, name: String) throws(StoreError) -> EmbeddingModelRecord {
        try write("record the embedding model") { db in
            try db.execute("INSERT OR IGNORE INTO embedding_model (provider, name, created_at) VALUES (?, ?, ?)",
                           [provider, name, Int64(time(nil))])
            guard let row = try db.row("SELECT \(EmbeddingModelRecord.columns) FROM embedding_model WHERE provider = ? AND name = ?",
                                       [provider, name]) else { throw StoreError.database(path: path, operation: "record the embedding model", reason: "its row is missing after the insert") }
            return EmbeddingModelRecord(row: row)
        }
    }

    /// Up to `limit` chunks whose windows are not cut yet.
    public func chunksWithoutWindows(limit: Int) throws(StoreError) -> [ChunkText] {
        try read("find chunks without windows") { db in
            try db.rows("""
                SELECT c.id, d.title, c.section, c.text FROM chunk c JOIN document d ON d.id = c.document_id
                WHERE NOT EXISTS (SELECT 1 FROM chunk_window w WHERE w.chunk_id = c.id) LIMIT ?
                """, [limit]).map(ChunkText.init(row:))
        }
    }

    /// Records each chunk's window keys, in order, in one transaction.
    public func saveWindows(_ windows: [(chunk: Int64, keys: [Int64])]) throws(StoreError) {
        try write("save windows") { db in
            for (chunk, keys) in windows {
                for (ordinal, key) in keys.enumerated() {
                    try db.execute("INSERT OR REPLACE INTO chunk_window (chunk_id, ordinal, key) VALUES (?, ?, ?)", [chunk, ordinal, key],
                                   cached: true)
                }
            }
        }
    }

    /// Up to `limit` chunks with at least one window that has no vector of `model`: first
    /// the documents' openings (their first chunk: the title and how they begin), the most
    /// recently modified documents first, so that search by meaning finds most documents
    /// long before the passages of the longest are done; then the other chunks.
    public func chunksAwaitingVectors(model: Int64, limit: Int) throws(StoreError) -> [ChunkText] {
        try read("find windows without vectors") { db in
            let openings = try db.rows("""
                SELECT c.id, d.title, c.section, c.text FROM document d JOIN chunk c ON c.document_id = d.id AND c.ordinal = 0
                WHERE EXISTS (SELECT 1 FROM chunk_window w WHERE w.chunk_id = c.id
                              AND NOT EXISTS (SELECT 1 FROM vector v WHERE v.model_id = ? AND v.key = w.key))
                ORDER BY d.mtime_ns DESC, d.id LIMIT ?
                """, [model, limit]).map(ChunkText.init(row:))
            guard openings.count < limit else { return openings }
            let rest = try db.rows("""
                SELECT c.id, d.title, c.section, c.text FROM chunk c JOIN document d ON d.id = c.document_id
                WHERE c.id IN (SELECT DISTINCT w.chunk_id FROM chunk_window w
                               WHERE NOT EXISTS (SELECT 1 FROM vector v WHERE v.model_id = ? AND v.key = w.key) LIMIT ?)
                """, [model, limit]).map(ChunkText.init(row:))
            let taken = Set(openings.map(\.id))
            return openings + rest.filter { !taken.contains($0.id) }.prefix(limit - openings.count)
        }
    }

    /// Which of `keys` have a vector of `model` already.
    public func keysWithVectors(model: Int64, among keys: [Int64]) throws(StoreError) -> Set<Int64> {
        guard !keys.isEmpty else { return [] }
        return try read("look up vectors") { db in
            Set(try db.values(as: Int64.self, "SELECT key FROM vector WHERE model_id = ? AND key IN (\(keys.map(String.init).joined(separator: ",")))",
                              [model]))
        }
    }

    /// Writes vectors of `model`, keyed by window text, in one transaction.
    public func saveVectors(model: Int64, _ vectors: [(key: Int64, vector: QuantisedVector)]) throws(StoreError) {
        guard let dimension = vectors.first?.vector.components.count else { return }
        try write("save vectors") { db in
            try db.execute("UPDATE embedding_model SET dimension = ? WHERE id = ? AND dimension IS NULL", [dimension, model])
            for (key, vector) in vectors {
                try db.execute("INSERT OR IGNORE INTO vector (model_id, key, scale, data) VALUES (?, ?, ?, ?)",
                               [model, key, Double(vector.scale), vector.components.withUnsafeBytes { Array($0) }], cached: true)
            }
        }
    }

    /// Marks `model` complete (once) and removes every other model with its vectors: the
    /// new vectors answer from now on.
    public func completeModel(_ model: Int64) throws(StoreError) {
        try write("complete the embedding model") { db in
            try db.execute("UPDATE embedding_model SET completed_at = ? WHERE id = ? AND completed_at IS NULL", [Int64(time(nil)), model])
            try db.execute("DELETE FROM vector WHERE model_id <> ?", [model])
            try db.execute("DELETE FROM embedding_model WHERE id <> ?", [model])
        }
    }

    /// How far `model` is.
    public func semanticCoverage(model: Int64) throws(StoreError) -> SemanticCoverage {
        try read("measure semantic coverage") { db in try Self.coverage(db, model: model) }
    }

    static func coverage(_ db: SQLiteConnection, model: Int64) throws -> SemanticCoverage {
        let windows = try db.value(as: Int.self, "SELECT count(DISTINCT key) FROM chunk_window") ?? 0
        let embedded = try db.value(as: Int.self, """
            SELECT count(*) FROM vector v WHERE v.model_id = ? AND EXISTS (SELECT 1 FROM chunk_window w WHERE w.key = v.key)
            """, [model]) ?? 0
        let unwindowed = try db.value(as: Int.self, """
            SELECT count(*) FROM chunk c WHERE NOT EXISTS (SELECT 1 FROM chunk_window w WHERE w.chunk_id = c.id)
            """) ?? 0
        let documents = try db.value(as: Int.self, "SELECT count(*) FROM chunk WHERE ordinal = 0") ?? 0
        let withMeaning = try db.value(as: Int.self, """
            SELECT count(*) FROM chunk c WHERE c.ordinal = 0 AND EXISTS (
                SELECT 1 FROM chunk_window w JOIN vector v ON v.model_id = ? AND v.key = w.key WHERE w.chunk_id = c.id)
            """, [model]) ?? 0
        return SemanticCoverage(windows: windows, embedded: embedded, chunksWithoutWindows: unwindowed, documents: documents,
                                documentsWithMeaning: withMeaning, windowsLeft: try windowsLeft(db, model: model))
    }

    /// Each chunk's windows still to embed, by its characters over its windows. A chunk not
    /// cut yet counts as one window per 1,100 characters (EmbeddingWindows' 180 words).
    static func windowsLeft(_ db: SQLiteConnection, model: Int64) throws -> WindowsByLength {
        var left = WindowsByLength()
        for row in try db.rows("""
            SELECT length(c.text) AS characters, count(w.key) AS windows, count(w.key) - count(v.key) AS pending
            FROM chunk c LEFT JOIN chunk_window w ON w.chunk_id = c.id LEFT JOIN vector v ON v.model_id = ? AND v.key = w.key
            GROUP BY c.id HAVING pending > 0 OR windows = 0
            """, [model]) {
            let characters: Int = row["characters"], windows: Int = row["windows"], pending: Int = row["pending"]
            let cut = windows > 0 ? windows : max(1, (characters + 1_099) / 1_100)
            left.add(windows > 0 ? pending : cut, characters: characters / cut)
        }
        return left
    }

    /// Removes vectors whose window text no chunk has any more; returns how many.
    /// `folioctl forget` calls it, as it does `removeUnusedOCR`.
    @discardableResult
    public func removeUnusedVectors() throws(StoreError) -> Int {
        try write("clean the vectors") { db in
            try db.execute("DELETE FROM vector WHERE key NOT IN (SELECT key FROM chunk_window)")
            return db.changes
        }
    }
}

extension EmbeddingModelRecord {
    static let columns = "id, provider, name, dimension, completed_at"

    init(row: SQLiteRow) {
        self.init(id: row["id"], provider: row["provider"], name: row["name"], dimension: row["dimension"], completedAt: row["completed_at"])
    }
}

extension ChunkText {
    init(row: SQLiteRow) {
        self.init(id: row["id"], title: row["title"], section: row["section"], text: row["text"])
    }
}

extension IndexStore {
    /// A number that changes when another connection commits to the index (`PRAGMA
    /// data_version`): the embedder looks for windows without vectors again only when it
    /// changed, since at a million windows a look reads them all (docs/benchmarks.md,
    /// "Meaning at 100,000 files").
    public func dataVersion() throws(StoreError) -> Int64 {
        try read("read the data version") { db in try db.value(as: Int64.self, "PRAGMA data_version") ?? 0 }
    }
}
