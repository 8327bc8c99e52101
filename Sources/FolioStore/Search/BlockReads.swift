internal import FolioSQLite

/// The blocks of the common words' counts, the frequent words' hits and the chunk lengths
/// that a search's rankings read (`BM25Terms`), read once for all of them: a filtered
/// question's second tier (`AnyTermRanking`) read again every block its first
/// (`MixedTermRanking`) had read, in the same snapshot (docs/benchmarks.md, "The second
/// tier's candidates sieved"). Held by the search's `TermSightings`, which live for one read.
final class BlockReads {
    /// A term's blocks (a query's few terms are looked for in turn).
    private struct Read {
        let term: String
        let blocks: [Int64: [UInt8]]
    }

    private var counts: [Read] = []
    private var hits: [Read] = []
    private var lengths: [Int64: [UInt8]]?

    /// A common term's blocks of counts, by block number: only whole ones, so a block too
    /// full for bytes (`TermCounts.unusable`) is missing, as one not made yet is.
    func counts(_ db: SQLiteConnection, of term: String) throws -> [Int64: [UInt8]] {
        if let read = counts.first(where: { $0.term == term }) { return read.blocks }
        var blocks: [Int64: [UInt8]] = [:]
        try db.forEachRow("SELECT block, counts FROM term_count WHERE term = ?", [term]) { columns in
            let counts = columns.bytes(1)
            if counts.count == BM25Terms.block { blocks[columns.int64(0)] = counts }
        }
        counts.append(Read(term: term, blocks: blocks))
        return blocks
    }

    /// A frequent term's blocks of hits (`TermHits`), by block number: only lists, so a
    /// block too full for them (`TermHits.unusable`) is missing, as one not made yet is.
    func hits(_ db: SQLiteConnection, of term: String) throws -> [Int64: [UInt8]] {
        if let read = hits.first(where: { $0.term == term }) { return read.blocks }
        var blocks: [Int64: [UInt8]] = [:]
        try db.forEachRow("SELECT block, hits FROM term_hits WHERE term = ?", [term]) { columns in
            let hits = columns.bytes(1)
            if hits.count % 2 == 0 { blocks[columns.int64(0)] = hits }
        }
        hits.append(Read(term: term, blocks: blocks))
        return blocks
    }

    /// The chunk lengths' blocks (`RowLengths`), by block number.
    func lengths(_ db: SQLiteConnection) throws -> [Int64: [UInt8]] {
        if let lengths { return lengths }
        var blocks: [Int64: [UInt8]] = [:]
        try db.forEachRow("SELECT block, tokens FROM chunk_length") { columns in blocks[columns.int64(0)] = columns.bytes(1) }
        lengths = blocks
        return blocks
    }
}
