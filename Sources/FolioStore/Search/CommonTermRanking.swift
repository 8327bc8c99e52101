internal import FolioSQLite
internal import FolioText

/// A query of common words ranked from their counts per chunk
/// (`Migrations/v0008_term_counts.sql`) and the chunks' lengths (`RowLengths`) instead of
/// FTS5's position lists: the same scores as `folio_bm25` over every chunk that holds them
/// all, computed in a loop over bytes. Such a query matches nearly every chunk, and FTS5
/// decodes a position list for each (docs/benchmarks.md, "Common words from their counts,
/// the second tier term by term").
///
/// A block whose counts or lengths are not there yet (written since the index last
/// settled), or do not fit (`TermCounts.unusable`, a length over 65,535 tokens), is ranked
/// by FTS5 over its range of chunk ids, so a search never waits for the tables.
struct CommonTermRanking: LexicalStrategy {
    private let terms: [String]
    /// Each term's idf, as folio_bm25 computes it from the given row counts.
    private let idf: [Double]
    private let bm25: BM25Terms
    /// Every term, and their row counts, for the blocks FTS5 ranks: the whole query, not
    /// `LexicalPlan`'s (which leaves out the words in over half the chunks).
    private let expression: String
    private let countsArgument: String

    /// A first tier of common words.
    init?(_ db: SQLiteConnection, _ context: LexicalContext) throws {
        guard context.matchesAll else { return nil }
        try self.init(db, required: context.query.required, facts: context.facts, policy: context.policy)
    }

    /// `nil` unless every one of `required` is one word, common, and in more chunks than
    /// `policy.directLimit`: then ranking every match through FTS5 would cost more.
    init?(_ db: SQLiteConnection, required: [[SearchQuery.Term]], facts: TermFacts, policy: LeaderPolicy) throws {
        guard !required.isEmpty else { return nil }
        var terms: [String] = []
        var counts: [Double] = []
        for group in required {
            guard group.count == 1, let word = facts.commonWord(group[0]),
                  word.chunks > Double(policy.directLimit) else { return nil }
            terms.append(word.term)
            counts.append(word.chunks)
        }
        guard let bm25 = try BM25Terms(db, matching: required[0][0].expression, reads: facts.blocks),
              let expression = SearchQuery(required: required, excluded: []).allTermsExpression else { return nil }
        self.terms = terms
        self.bm25 = bm25
        self.expression = expression
        countsArgument = counts.map { String(Int64($0)) }.joined(separator: " ")
        idf = counts.map(bm25.idf)
    }

    /// Every chunk's counts are read whatever the limit.
    var ranksAllAtOnce: Bool { true }

    /// The best `limit` chunks that hold every term, best first, with folio_bm25's scores.
    func best(_ db: SQLiteConnection, limit: Int) throws -> [ScoredChunk] {
        var counts: [[Int64: [UInt8]]] = []
        for term in terms { counts.append(try bm25.counts(db, of: term)) }
        var best = BoundedBest<ScoredChunk>(capacity: limit)
        var unranked: [Int64] = []
        for number in 0...bm25.newest / Int64(BM25Terms.block) {
            let blocks = counts.compactMap { $0[number] }
            guard blocks.count == terms.count, let lengths = bm25.lengths(of: number),
                  rank(block: number, counts: blocks, lengths: lengths, into: &best) else {
                unranked.append(number)
                continue
            }
        }
        try BM25Terms.rankInFTS5(db, blocks: unranked, expression: expression, counts: countsArgument, into: &best)
        return best.sorted()
    }

    /// Offers a block's chunks that hold every term; false, offering none, when a chunk
    /// that does has no length in the block (FTS5 then ranks the block).
    private func rank(block number: Int64, counts: [[UInt8]], lengths: [UInt8], into best: inout BoundedBest<ScoredChunk>) -> Bool {
        var scored: [ScoredChunk] = []
        scored.reserveCapacity(BM25Terms.block)
        let first = number * Int64(BM25Terms.block)
        // A plain loop over the first term's bytes, the others looked at only where it is,
        // into room made once: `counts.allSatisfy` at every index and the array grown as it
        // went were a tenth of the query's instructions (docs/benchmarks.md).
        let leading = counts[0]
        chunks: for index in 0..<BM25Terms.block where leading[index] > 0 {
            for term in 1..<counts.count where counts[term][index] == 0 { continue chunks }
            let length = BM25Terms.length(at: index, in: lengths)
            guard length > 0 else { return false }
            let norm = bm25.norm(length)
            var score = 0.0
            for term in counts.indices { score += BM25Terms.weight(idf: idf[term], frequency: Double(counts[term][index]), norm: norm) }
            scored.append(ScoredChunk(score: -score, chunk: first + Int64(index)))
        }
        for chunk in scored { best.offer(chunk) }
        return true
    }
}
