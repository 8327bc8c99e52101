internal import FolioSQLite

/// The common terms' hits in every chunk (`Migrations/v0008_term_counts.sql`), counted from
/// FTS5's own position lists (`folio_term_frequency`), for `CommonTermRanking`. The walk of
/// a term's hits and the look-up of the blocks writes dropped serve the frequent terms'
/// hits (`TermHits`) too.
enum TermCounts {
    static let block = Int64(RowLengths.block)
    /// The blob of a block whose counts do not fit in bytes.
    static let unusable: [UInt8] = [255]

    /// Sets the bit (in `bits`, a bit a chunk of the block) of each chunk whose count in
    /// `counts` (a whole block's) is not 0, eight counts at a time.
    static func markHolding(_ counts: UnsafeBufferPointer<UInt8>, in bits: UnsafeMutableBufferPointer<UInt64>) {
        let bytes = UnsafeRawBufferPointer(counts)
        let low: UInt64 = 0x7f7f_7f7f_7f7f_7f7f, high: UInt64 = 0x8080_8080_8080_8080
        for word in bits.indices {
            var set: UInt64 = 0
            for eighth in 0..<8 {
                let eight = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: word &* 64 &+ eighth &* 8, as: UInt64.self))
                // Each byte's high bit set where the byte is not 0, then the eight gathered into
                // the top byte by one product (no two of its partial products overlap).
                let nonzero = ((eight & low) &+ low | eight) & high
                set |= ((nonzero >> 7 &* 0x0102_0408_1020_4080) >> 56) << UInt64(eighth &* 8)
            }
            bits[word] |= set
        }
    }

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
        let missing = try incompleteBlocks(db, table: "term_count", terms: common.count, newest: newest)
        for number in missing.prefix(4) {
            for term in try absentTerms(db, table: "term_count", of: common, block: number) { try make(db, term: term, blocks: number...number) }
        }
        return !missing.isEmpty
    }

    /// The blocks up to the newest chunk's that `table` (`term_count` or `term_hits`, a row
    /// per term and block) lacks a row of some of its `terms` in: dropped by writes.
    static func incompleteBlocks(_ db: SQLiteConnection, table: String, terms: Int, newest: Int64) throws -> [Int64] {
        let made = Dictionary(try db.rows("SELECT block, count(*) AS terms FROM \(table) GROUP BY block").map {
            ($0["block"] as Int64, $0["terms"] as Int)
        }, uniquingKeysWith: { first, _ in first })
        return (0...newest / block).filter { made[$0, default: 0] < terms }
    }

    /// Those of `terms` that block `number` of `table` has no row of.
    static func absentTerms(_ db: SQLiteConnection, table: String, of terms: [String], block number: Int64) throws -> [String] {
        let present = Set(try db.values(as: String.self, "SELECT term FROM \(table) WHERE block = ?", [number]))
        return terms.filter { !present.contains($0) }
    }

    /// Each chunk of blocks `blocks` that holds `term`, with its hits weighed by column as
    /// bm25 weighs them, from FTS5's own position lists (`folio_term_frequency`), in order.
    static func forEachHit(_ db: SQLiteConnection, term: String, blocks: ClosedRange<Int64>,
                           _ body: (_ chunk: Int64, _ hits: Double) -> Void) throws {
        try db.forEachRow("""
            SELECT rowid, folio_term_frequency(chunk_fts, ?, ?, ?) FROM chunk_fts WHERE chunk_fts MATCH ?\(BM25Terms.within(blocks))
            ORDER BY rowid
            """, Ranking.weights.arguments + ["\"\(term)\""]) { columns in body(columns.int64(0), columns.double(1)) }
    }

    /// Writes `term`'s blocks `blocks`. A block where a chunk holds the term 255 times or
    /// more (weighed), or where a weight is not whole, is written as `unusable`: FTS5 ranks it.
    private static func make(_ db: SQLiteConnection, term: String, blocks: ClosedRange<Int64>) throws {
        var counts: [Int64: [UInt8]] = [:]
        var spoiled: Set<Int64> = []
        try forEachHit(db, term: term, blocks: blocks) { chunk, hits in
            let number = chunk / block
            guard hits < 255, hits == hits.rounded() else {
                spoiled.insert(number)
                return
            }
            counts[number, default: [UInt8](repeating: 0, count: Int(block))][Int(chunk % block)] = UInt8(hits)
        }
        for number in blocks {
            let bytes = spoiled.contains(number) ? unusable : counts[number] ?? [UInt8](repeating: 0, count: Int(block))
            try db.execute("INSERT OR REPLACE INTO term_count (term, block, counts) VALUES (?, ?, ?)", [term, number, bytes], cached: true)
        }
    }
}
