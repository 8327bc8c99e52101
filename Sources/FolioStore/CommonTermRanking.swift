internal import FolioSQLite
internal import FolioText
internal import Glibc

/// A query of common words ranked from their counts per chunk
/// (`Migrations/v0008_term_counts.sql`) and the chunks' lengths (`RowLengths`) instead of
/// FTS5's position lists: the same scores as `folio_bm25` over every chunk that holds them
/// all, computed in a loop over bytes. At 100,000 files `use the` matches 167,000 chunks;
/// FTS5 ranked them in 70 ms.
///
/// A block whose counts or lengths are not there yet (written since the index last
/// settled), or do not fit (`TermCounts.unusable`, a length over 65,535 tokens), is ranked
/// by FTS5 over its range of chunk ids, so a search never waits for the tables.
struct CommonTermRanking {
    private let terms: [String]
    /// Each term's idf, as folio_bm25 computes it from the given row counts.
    private let idf: [Double]
    private let average: Double
    private let newest: Int64

    private static let k1 = 1.2, b = 0.75
    private static let block = Int(TermCounts.block)

    /// `nil` unless every one of `required` is one word, common, and in more chunks than
    /// `policy.directLimit`: then ranking every match through FTS5 would cost more.
    init?(_ db: SQLiteConnection, required: [[SearchQuery.Term]], policy: LeaderPolicy) throws {
        guard !required.isEmpty else { return nil }
        var terms: [String] = []
        var counts: [Double] = []
        for group in required {
            guard group.count == 1, !group[0].isPrefix, group[0].tokens.count == 1,
                  let word = try db.fullTextTerms(of: group[0].tokens[0], tokenizer: FullTextIndex.tokenizer).first,
                  let row = try db.row("SELECT chunks, common FROM frequent_term WHERE term = ?", [word], cached: true),
                  row["common"] as Bool, row["chunks"] as Int > policy.directLimit else { return nil }
            terms.append(word)
            counts.append(row["chunks"])
        }
        guard let totals = try db.value(as: String.self, "SELECT folio_fts_totals(chunk_fts) FROM chunk_fts WHERE chunk_fts MATCH ? LIMIT 1",
                                        ["\"\(terms[0])\""]),
              case let parts = totals.split(separator: " "), parts.count == 2,
              let rows = Double(parts[0]), let average = Double(parts[1]),
              let newest = try db.value(as: Int64.self, "SELECT max(id) FROM chunk") else { return nil }
        self.terms = terms
        // As folio_bm25: a term in over half the rows weighs 10⁻⁶.
        idf = counts.map { count in
            let idf = log((rows - count + 0.5) / (count + 0.5))
            return idf > 0 ? idf : 1e-6
        }
        self.average = average
        self.newest = newest
    }

    /// The best `limit` chunks that hold every term, best first, as `plan` ranks them
    /// (`plan`: the terms' expression, for the blocks FTS5 ranks).
    func best(_ db: SQLiteConnection, plan: LexicalPlan, limit: Int) throws -> [(chunk: Int64, score: Double)] {
        let lengths = Dictionary(try db.rows("SELECT block, tokens FROM chunk_length").map { ($0["block"] as Int64, $0["tokens"] as [UInt8]) },
                                 uniquingKeysWith: { first, _ in first })
        var counts: [[Int64: [UInt8]]] = []
        for term in terms {
            counts.append(Dictionary(try db.rows("SELECT block, counts FROM term_count WHERE term = ?", [term], cached: true).map {
                ($0["block"] as Int64, $0["counts"] as [UInt8])
            }, uniquingKeysWith: { first, _ in first }))
        }
        var best = BoundedBest<ScoredChunk>(capacity: limit)
        var unranked: [Int64] = []
        for number in 0...newest / Int64(Self.block) {
            let blocks = counts.compactMap { $0[number] }.filter { $0.count == Self.block }
            guard blocks.count == terms.count, let length = lengths[number], length.count == 2 * Self.block,
                  rank(block: number, counts: blocks, lengths: length, into: &best) else {
                unranked.append(number)
                continue
            }
        }
        for range in Self.runs(of: unranked) {
            for row in try db.rows("""
                SELECT rowid AS chunk_id, folio_bm25(chunk_fts, ?, ?, ?, ?) AS score FROM chunk_fts
                WHERE chunk_fts MATCH ? AND rowid BETWEEN ? AND ?
                """, [Ranking.textWeight, Ranking.sectionWeight, Ranking.titleWeight, plan.countsArgument, plan.expression,
                      range.lowerBound * Int64(Self.block), range.upperBound * Int64(Self.block) + Int64(Self.block) - 1]) {
                best.offer(ScoredChunk(score: row["score"], chunk: row["chunk_id"]))
            }
        }
        return best.sorted().map { (chunk: $0.chunk, score: $0.score) }
    }

    /// Offers a block's chunks that hold every term; false, offering none, when a chunk
    /// that does has no length in the block (FTS5 then ranks the block).
    private func rank(block number: Int64, counts: [[UInt8]], lengths: [UInt8], into best: inout BoundedBest<ScoredChunk>) -> Bool {
        var scored: [ScoredChunk] = []
        let first = number * Int64(Self.block)
        for index in 0..<Self.block where counts.allSatisfy({ $0[index] > 0 }) {
            let length = Int(lengths[2 * index]) | Int(lengths[2 * index + 1]) << 8
            guard length > 0 else { return false }
            // The same operations in the same order as folio_bm25, so the same doubles.
            let norm = Self.k1 * (1 - Self.b + Self.b * Double(length) / average)
            var score = 0.0
            for term in counts.indices {
                let frequency = Double(counts[term][index])
                score += idf[term] * frequency * (Self.k1 + 1) / (frequency + norm)
            }
            scored.append(ScoredChunk(score: -score, chunk: first + Int64(index)))
        }
        for chunk in scored { best.offer(chunk) }
        return true
    }

    /// Consecutive block numbers as ranges.
    private static func runs(of numbers: [Int64]) -> [ClosedRange<Int64>] {
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

/// A chunk and its score, as folio_bm25 orders them: the lower score first (scores are
/// negated), then the lower id.
private struct ScoredChunk: Comparable {
    let score: Double
    let chunk: Int64

    static func < (a: ScoredChunk, b: ScoredChunk) -> Bool {
        (a.score, a.chunk) < (b.score, b.chunk)
    }
}
