internal import FolioCore
internal import FolioSQLite

extension IndexRepair {
    /// The recognised pages and vectors read from the damaged file's pages directly
    /// (`RawPageReader`), told by their shape, and added where the new index lacks them:
    /// the rows SQLite could not reach. The models the vectors were made with are
    /// `modelIDs` (the damaged file's ids as the new index's) when SQLite read them, else
    /// found in the pages first.
    static func salvagePages(of kept: String, modelIDs known: [Int64: Int64], into store: IndexStore, report: inout Report) throws(StoreError) {
        guard let reader = RawPageReader(path: kept, assumedPageSize: IndexStore.pageSize) else { return }
        defer { reader.close() }
        var modelIDs = known
        if modelIDs.isEmpty {
            var models: [Int64: (provider: String, name: String)] = [:]
            reader.forEachRecord { values, rowid in
                if let rowid, let model = Self.model(values) { models[rowid] = model }
            }
            for (id, model) in models { modelIDs[id] = try store.embeddingModel(provider: model.provider, name: model.name).id }
        }
        var ocr: [[SQLiteValue]] = []
        var vectors: [[SQLiteValue]] = []
        func flush() throws(StoreError) {
            guard !ocr.isEmpty || !vectors.isEmpty else { return }
            let (pages, added) = try store.write("salvage the damaged file's pages") { db in
                var pages = 0
                for row in ocr {
                    try db.execute("""
                        INSERT OR IGNORE INTO ocr_cache (content_hash, page, languages, dpi, text, confidence, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, SQLiteArguments(row), cached: true)
                    pages += db.changes
                }
                var added = 0
                for row in vectors {
                    try db.execute("INSERT OR IGNORE INTO vector (model_id, key, scale, data) VALUES (?, ?, ?, ?)", SQLiteArguments(row), cached: true)
                    added += db.changes
                }
                return (pages, added)
            }
            report.ocrPages += pages
            report.vectors += added
            ocr.removeAll(keepingCapacity: true)
            vectors.removeAll(keepingCapacity: true)
        }
        var failure: StoreError?
        reader.forEachRecord { values, rowid in
            guard failure == nil else { return }
            if rowid == nil, Self.isRecognisedPage(values) {
                ocr.append(values)
            } else if rowid != nil, let row = Self.vector(values, modelIDs: modelIDs) {
                vectors.append(row)
            } else {
                return
            }
            guard ocr.count + vectors.count >= 1000 else { return }
            do throws(StoreError) { try flush() } catch { failure = error }
        }
        if let failure { throw failure }
        try flush()
        try store.write("note the salvaged vectors' dimension") { db in
            try db.execute("""
                UPDATE embedding_model SET dimension = (SELECT length(data) FROM vector WHERE model_id = embedding_model.id LIMIT 1)
                WHERE dimension IS NULL
                """)
        }
    }

    /// A row of `embedding_model`: (id), provider, name, dimension, created_at, completed_at.
    private static func model(_ values: [SQLiteValue]) -> (provider: String, name: String)? {
        guard values.count == 6, values[0] == .null, case let .text(provider) = values[1], case let .text(name) = values[2],
              case .integer = values[4], EmbeddingOptions.Provider(rawValue: provider) != nil else { return nil }
        return (provider, name)
    }

    /// A row of `ocr_cache` (a `WITHOUT ROWID` table: its rows are an index's records, the
    /// key first): content_hash, page, languages, dpi, text, confidence, created_at.
    static func isRecognisedPage(_ values: [SQLiteValue]) -> Bool {
        guard values.count == 7, case let .text(hash) = values[0], hash.utf8.count == 32, hash.utf8.allSatisfy({ $0.isHexDigit }),
              case .integer = values[1], case .text = values[2], case .integer = values[3], case .text = values[4], case .integer = values[6] else { return false }
        switch values[5] {
        case .integer, .real: return true
        default: return false
        }
    }

    /// A row of `vector`, (id), model_id, key, scale, data, as the new index's model_id,
    /// key, scale and data; `nil` for other rows, or a model the new index does not know.
    private static func vector(_ values: [SQLiteValue], modelIDs: [Int64: Int64]) -> [SQLiteValue]? {
        guard values.count == 5, values[0] == .null, case let .integer(model) = values[1], let id = modelIDs[model], case .integer = values[2],
              case let .blob(data) = values[4], !data.isEmpty else { return nil }
        switch values[3] {
        case .integer, .real: return [.integer(id), values[2], values[3], values[4]]
        default: return nil
        }
    }
}

private extension UInt8 {
    /// A lowercase hexadecimal digit, as content hashes are written.
    var isHexDigit: Bool { (0x30...0x39).contains(self) || (0x61...0x66).contains(self) }
}
