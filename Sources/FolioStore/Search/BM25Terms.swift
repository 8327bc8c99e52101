internal import FolioSQLite
internal import FolioText
internal import Glibc

/// BM25 computed term by term outside FTS5 (`CommonTermRanking`, `AnyTermRanking`), with
/// what folio_bm25 takes from the whole index, read once per search: the row count, the
/// average length, the chunk lengths' blocks (`RowLengths`). Each step is the same double
/// operation in the same order as folio_bm25's (`CFullText/folio_fts.c`), so the scores
/// are equal, not close.
struct BM25Terms {
    static let block = Int(TermCounts.block)
    private static let k1 = 1.2, b = 0.75

    let rows: Double
    let average: Double
    let newest: Int64
    /// Where the blocks are read from, once for all of a search's rankings.
    private let reads: BlockReads
    /// `nil` until read (`readLengths`).
    private var lengthBlocks: [Int64: [UInt8]]?

    /// `nil` when no chunk matches `expression` (FTS5 gives its totals to a matching row).
    /// `lengths`: read the chunk lengths' blocks, which only a ranking from counts or hits
    /// needs (FTS5 gives a walked chunk's length itself); else `readLengths` reads them.
    /// `reads`: the search's (`TermFacts.blocks`).
    init?(_ db: SQLiteConnection, matching expression: String, lengths: Bool = true, reads: BlockReads) throws {
        guard let totals = try db.value(as: String.self, "SELECT folio_fts_totals(chunk_fts) FROM chunk_fts WHERE chunk_fts MATCH ? LIMIT 1",
                                        [expression]),
              case let parts = totals.split(separator: " "), parts.count == 2,
              let rows = Double(parts[0]), let average = Double(parts[1]),
              let newest = try db.value(as: Int64.self, "SELECT max(id) FROM chunk") else { return nil }
        self.rows = rows
        self.average = average
        self.newest = newest
        self.reads = reads
        if lengths { try readLengths(db) }
    }

    /// Reads the chunk lengths' blocks, once.
    mutating func readLengths(_ db: SQLiteConnection) throws {
        if lengthBlocks == nil { lengthBlocks = try reads.lengths(db) }
    }

    /// As folio_bm25: a term in over half the rows weighs 10⁻⁶.
    func idf(_ count: Double) -> Double {
        Self.idf(rows: rows, count: count)
    }

    /// As folio_bm25, for a term in `count` of `rows` rows.
    static func idf(rows: Double, count: Double) -> Double {
        let idf = log((rows - count + 0.5) / (count + 0.5))
        return idf > 0 ? idf : 1e-6
    }

    func norm(_ length: Int) -> Double {
        Self.k1 * (1 - Self.b + Self.b * Double(length) / average)
    }

    static func weight(idf: Double, frequency: Double, norm: Double) -> Double {
        idf * frequency * (k1 + 1) / (frequency + norm)
    }

    /// More than a term of this idf weighs in any chunk, however often it is there.
    static func ceiling(idf: Double) -> Double {
        idf * (k1 + 1)
    }

    /// Block `number` of the chunk lengths, when whole.
    func lengths(of number: Int64) -> [UInt8]? {
        guard let blob = lengthBlocks?[number], blob.count == 2 * Self.block else { return nil }
        return blob
    }

    @inline(__always)
    static func length<Bytes: RandomAccessCollection<UInt8>>(at index: Int, in lengths: Bytes) -> Int where Bytes.Index == Int {
        Int(lengths[2 * index]) | Int(lengths[2 * index + 1]) << 8
    }

    /// A common term's blocks of counts, by block number: only whole ones (`BlockReads`).
    func counts(_ db: SQLiteConnection, of term: String) throws -> [Int64: [UInt8]] {
        try reads.counts(db, of: term)
    }

    /// A frequent term's blocks of hits, by block number: only lists (`BlockReads`).
    func hits(_ db: SQLiteConnection, of term: String) throws -> [Int64: [UInt8]] {
        try reads.hits(db, of: term)
    }

    /// Offers to `best` the chunks of blocks `numbers` that `expression` matches, ranked by
    /// FTS5 (folio_bm25 given `counts`): the blocks a ranking from counts cannot rank, their
    /// counts or lengths not made yet or not fitting.
    static func rankInFTS5(_ db: SQLiteConnection, blocks numbers: [Int64], expression: String, counts: String,
                           into best: inout BoundedBest<ScoredChunk>) throws {
        let size = Int64(block)
        for range in runs(of: numbers.sorted()) {
            try db.forEachRow("""
                SELECT rowid, folio_bm25(chunk_fts, ?, ?, ?, ?) FROM chunk_fts WHERE chunk_fts MATCH ? AND rowid BETWEEN ? AND ?
                """, Ranking.weights.arguments + [counts, expression,
                      range.lowerBound * size, range.upperBound * size + size - 1]) { columns in
                best.offer(ScoredChunk(score: columns.double(1), chunk: columns.int64(0)))
            }
        }
    }

    /// A term's chunks with its hits and their lengths, from FTS5 (within blocks `range`).
    static func walk(_ db: SQLiteConnection, _ expression: String, in range: ClosedRange<Int64>?) throws
        -> [(chunk: Int64, frequency: Double, length: Int)] {
        var rows: [(chunk: Int64, frequency: Double, length: Int)] = []
        try db.forEachRow("""
            SELECT rowid, folio_term_frequency(chunk_fts, ?, ?, ?), folio_row_length(chunk_fts) FROM chunk_fts WHERE chunk_fts MATCH ?\(BM25Terms.within(range)) ORDER BY rowid
            """, Ranking.weights.arguments + [expression]) { columns in
            rows.append((chunk: columns.int64(0), frequency: columns.double(1), length: Int(columns.int64(2))))
        }
        return rows
    }

    /// A term's share of each of its chunks' scores (within blocks `range`), given the
    /// chunks it is in: folio_bm25 over the term alone computes it in FTS5's walk (one
    /// function a chunk, not two).
    static func weighed(_ db: SQLiteConnection, _ expression: String, count: Double, in range: ClosedRange<Int64>?) throws
        -> [(chunk: Int64, weight: Double)] {
        var rows: [(chunk: Int64, weight: Double)] = []
        try db.forEachRow("""
            SELECT rowid, folio_bm25(chunk_fts, ?, ?, ?, ?) FROM chunk_fts WHERE chunk_fts MATCH ?\(BM25Terms.within(range)) ORDER BY rowid
            """, Ranking.weights.arguments + [String(Int64(count)), expression]) { columns in
            rows.append((chunk: columns.int64(0), weight: -columns.double(1)))
        }
        return rows
    }

    /// The condition that keeps a walk of FTS5 within blocks `range` (none for `nil`).
    static func within(_ range: ClosedRange<Int64>?) -> String {
        let size = Int64(block)
        return range.map { " AND rowid BETWEEN \($0.lowerBound * size) AND \($0.upperBound * size + size - 1)" } ?? ""
    }

    /// Consecutive block numbers as ranges.
    static func runs(of numbers: [Int64]) -> [ClosedRange<Int64>] {
        var runs: [ClosedRange<Int64>] = []
        for number in numbers {
            if let last = runs.last, last.upperBound + 1 == number {
                runs[runs.count - 1] = last.lowerBound...number
            } else {
                runs.append(number...number)
            }
        }
        return runs
    }
}
