/// One ranked chunk of one list: BM25 (lower is better) for words, cosine similarity
/// (higher is better) for meaning.
struct RankedChunk: Sendable {
    var chunk: Int64
    var document: Int64
    var score: Double
    var matchesAll: Bool
    /// A contents or index page's chunk (`NavigationText`): ranked after the others.
    var navigation = false
}

/// A chunk of the final ranking: its lexical match when the words found it, and how it
/// was ranked when meaning took part.
struct FusedHit: Sendable {
    var chunk: Int64
    var lexicalMatch: RankedChunk?
    var ranking: HitRanking?

    init(match: RankedChunk) {
        chunk = match.chunk
        lexicalMatch = match
    }

    init(chunk: Int64, lexicalMatch: RankedChunk?, ranking: HitRanking) {
        self.chunk = chunk
        self.lexicalMatch = lexicalMatch
        self.ranking = ranking
    }
}

/// Fuses the lexical and the semantic ranking.
///
/// Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): a result's score is the sum
/// over the lists it is in of 1 / (k + rank), k = 60. It needs no calibration between
/// BM25's unbounded scores and cosine similarities, which is why it was chosen; the
/// measurements against a weighted sum of normalised scores are in docs/benchmarks.md.
enum Fusion {
    /// How deep each list is read.
    static let depth = 100
    static let k = 60.0
    /// The cosine similarity below which a window is not found by meaning. all-MiniLM-L6-v2
    /// puts unrelated texts at 0 to 0.15 and a paraphrase with no word in common ("how much
    /// did the car repair cost", "vehicle service invoice: 480 EUR") at 0.24; on Cranfield
    /// and CISI a floor of 0 or 0.2 ranks the same, 0.3 loses recall (docs/benchmarks.md).
    static let leastSimilarity: Float = 0.2

    static func reciprocalRank(lexical: [RankedChunk], semantic: [RankedChunk], allChunks: Bool) -> [FusedHit] {
        // One result per document unless every chunk was asked for: a document found by
        // both keeps the chunk its words matched (it has a snippet around them).
        func identity(_ match: RankedChunk) -> Int64 { allChunks ? match.chunk : match.document }
        var entries: [Int64: (lexical: (rank: Int, match: RankedChunk)?, semantic: (rank: Int, match: RankedChunk)?)] = [:]
        for (index, match) in lexical.enumerated() where entries[identity(match)]?.lexical == nil {
            entries[identity(match), default: (nil, nil)].lexical = (index + 1, match)
        }
        for (index, match) in semantic.enumerated() where entries[identity(match)]?.semantic == nil {
            entries[identity(match), default: (nil, nil)].semantic = (index + 1, match)
        }
        return entries.map { _, entry in
            let score = (entry.lexical.map { 1 / (k + Double($0.rank)) } ?? 0) + (entry.semantic.map { 1 / (k + Double($0.rank)) } ?? 0)
            let ranking = HitRanking(lexicalRank: entry.lexical?.rank, semanticRank: entry.semantic?.rank,
                                     similarity: entry.semantic.map { Float($0.match.score) }, fusedScore: score)
            return FusedHit(chunk: entry.lexical?.match.chunk ?? entry.semantic!.match.chunk, lexicalMatch: entry.lexical?.match, ranking: ranking)
        }
        .sorted { a, b in
            let (x, y) = (a.ranking!.fusedScore, b.ranking!.fusedScore)
            if x != y { return x > y }
            return (a.ranking!.lexicalRank ?? Int.max, a.ranking!.semanticRank ?? Int.max, a.chunk)
                < (b.ranking!.lexicalRank ?? Int.max, b.ranking!.semanticRank ?? Int.max, b.chunk)
        }
    }

    /// The semantic ranking alone, in the same shape.
    static func semanticOnly(_ semantic: [RankedChunk]) -> [FusedHit] {
        semantic.enumerated().map { index, match in
            FusedHit(chunk: match.chunk, lexicalMatch: nil,
                     ranking: HitRanking(lexicalRank: nil, semanticRank: index + 1, similarity: Float(match.score), fusedScore: match.score))
        }
    }
}
