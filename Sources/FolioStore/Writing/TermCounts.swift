internal import FolioSQLite

/// The common terms' hits in every chunk (`Migrations/v0008_term_counts.sql`), counted from
/// FTS5's own position lists (`folio_term_frequency`), for `CommonTermRanking`.
enum TermCounts {
    static let block = Int64(RowLengths.block)
    /// The blob of a block whose counts do not fit in bytes.
    static let unusable: [UInt8] = [255]

    /// Makes what is missing, a step at a time: all the blocks of a common term that has
    /// none (one walk over its chunks), else up to four
    /// blocks that writes dropped, for every common term (one FTS5 query per term and
    /// block). Returns whether it made anything.
    static func makeMissing(_ db: SQLiteConnection) throws -> Bool {
        guard let newest = try db.value(as: Int64.self, "SELECT max(id) FROM chunk") else { return false }
        if let term = try db.value(as: String.self, """
            SELECT term FROM frequent_term f WHERE common = 1 AND NOT EXISTS (SELECT 1 FROM term_count t WHERE t.term = f.term) LIMIT 1
            """) {
            try make(db, term: term, blocks: 0...newest / block)
            return true
        }
        let common = try db.values(as: String.self, "SELECT term FROM frequent_term WHERE common = 1")
        guard !common.isEmpty else { return false }
        let made = Dictionary(try db.rows("SELECT block, count(*) AS terms FROM term_count GROUP BY block").map {
            ($0["block"] as Int64, $0["terms"] as Int)
        }, uniquingKeysWith: { first, _ in first })
        let missing = (0...newest / block).filter { made[$0, default: 0] < common.count }
        for number in missing.prefix(4) {
            let present = Set(try db.values(as: String.self, "SELECT term FROM term_count WHERE block = ?", [number]))
            for term in common where !present.contains(term) { try make(db, term: term, blocks: number...number) }
        }
        return !missing.isEmpty
    }

    /// Writes `term`'s blocks `blocks`. A block where a chunk holds the term 255 times or
    /// more (weighed), or where a weight is not whole, is written as `unusable`: FTS5 ranks it.
    private static func make(_ db: SQLiteConnection, term: String, blocks: ClosedRange<Int64>) throws {
        var counts: [Int64: [UInt8]] = [:]
        var spoiled: Set<Int64> = []
        for row in try db.rows("""
            SELECT rowid AS chunk, folio_term_frequency(chunk_fts, ?, ?, ?) AS hits FROM chunk_fts
            WHERE chunk_fts MATCH ? AND rowid BETWEEN ? AND ?
            """, Ranking.weights.arguments + ["\"\(term)\"",
                  blocks.lowerBound * block, blocks.upperBound * block + block - 1]) {
            let chunk: Int64 = row["chunk"], hits: Double = row["hits"]
            let number = chunk / block
            guard hits < 255, hits == hits.rounded() else {
                spoiled.insert(number)
                continue
            }
            counts[number, default: [UInt8](repeating: 0, count: Int(block))][Int(chunk % block)] = UInt8(hits)
        }
        for number in blocks {
            let bytes = spoiled.contains(number) ? unusable : counts[number] ?? [UInt8](repeating: 0, count: Int(block))
            try db.execute("INSERT OR REPLACE INTO term_count (term, block, counts) VALUES (?, ?, ?)", [term, number, bytes], cached: true)
        }
    }
}
