internal import FolioSQLite

/// The frequent terms' hits, block by block (`Migrations/v0019_term_hits.sql`), for the
/// terms that are frequent but not common: counted from FTS5's own position lists
/// (`folio_term_frequency`), for `AnyTermRanking`, which otherwise walks each such term's
/// chunks in FTS5.
enum TermHits {
    static let block = TermCounts.block
    /// The blob of a block whose hits do not fit in six bits.
    static let unusable: [UInt8] = [255]
    /// Hits above this do not fit beside a chunk's place.
    static let most = 63

    /// Entry `entry` of a block's list: the chunk's place in the block, and its hits.
    @inline(__always)
    static func entry<Bytes: RandomAccessCollection<UInt8>>(_ entry: Int, of blob: Bytes) -> (place: Int, hits: Int) where Bytes.Index == Int {
        let value = Int(blob[2 * entry]) | Int(blob[2 * entry + 1]) << 8
        return (value & 1023, value >> 10)
    }

    /// The two bytes of a chunk's entry.
    static func bytes(place: Int, hits: Int) -> [UInt8] {
        let value = place | hits << 10
        return [UInt8(value & 0xff), UInt8(value >> 8)]
    }

    /// The chunks whose hits one step makes, at most, unless one term is in more: a term a
    /// step, each a transaction that first looked for it among all the terms, took three
    /// times as long (docs/benchmarks.md, "Frequent words' hits"); this is about 40 ms.
    static let chunksPerStep = 100_000

    /// Makes what is missing, a step at a time: all the blocks of the terms that have none
    /// (a walk over each one's chunks, as many terms as `chunksPerStep` allows), else one
    /// block that writes dropped, for every term. Returns whether it made anything.
    static func makeMissing(_ db: SQLiteConnection) throws -> Bool {
        guard let newest = try db.value(as: Int64.self, "SELECT max(id) FROM chunk") else { return false }
        let missing = try db.rows("""
            SELECT term, chunks FROM frequent_term f WHERE common = 0 AND NOT EXISTS (SELECT 1 FROM term_hits t WHERE t.term = f.term)
            """)
        if !missing.isEmpty {
            var chunks = 0
            for row in missing where chunks == 0 || chunks + (row["chunks"] as Int) <= chunksPerStep {
                chunks += row["chunks"] as Int
                try make(db, term: row["term"], blocks: 0...newest / block)
            }
            return true
        }
        let terms = try db.values(as: String.self, "SELECT term FROM frequent_term WHERE common = 0")
        guard !terms.isEmpty else { return false }
        guard let number = try TermCounts.incompleteBlocks(db, table: "term_hits", terms: terms.count, newest: newest).first else {
            return false
        }
        for term in try TermCounts.absentTerms(db, table: "term_hits", of: terms, block: number) {
            try make(db, term: term, blocks: number...number)
        }
        return true
    }

    /// Writes `term`'s blocks `blocks`. A block where a chunk holds the term more than
    /// `most` times (weighed), or where a weight is not whole, is written as `unusable`.
    private static func make(_ db: SQLiteConnection, term: String, blocks: ClosedRange<Int64>) throws {
        var lists: [Int64: [UInt8]] = [:]
        var spoiled: Set<Int64> = []
        try TermCounts.forEachHit(db, term: term, blocks: blocks) { chunk, hits in
            let number = chunk / block
            guard hits >= 1, hits <= Double(most), hits == hits.rounded() else {
                spoiled.insert(number)
                return
            }
            lists[number, default: []].append(contentsOf: bytes(place: Int(chunk % block), hits: Int(hits)))
        }
        for number in blocks {
            let bytes = spoiled.contains(number) ? unusable : lists[number] ?? []
            try db.execute("INSERT OR REPLACE INTO term_hits (term, block, hits) VALUES (?, ?, ?)", [term, number, bytes], cached: true)
        }
    }
}
