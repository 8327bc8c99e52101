internal import FolioText

/// One ranked chunk of one list: BM25 (lower is better) for words, cosine similarity
/// (higher is better) for meaning.
struct RankedChunk: Sendable {
    var chunk: Int64
    var document: Int64
    var score: Double
    var matchesAll: Bool
    /// A contents or index page's chunk (`NavigationText`): ranked after the others.
    var navigation = false
    /// Its file's name holds every word (`NameTier`): ranked before the others.
    var named = false
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

    var foundBy: FoundBy {
        switch (lexicalMatch != nil, ranking?.semanticRank != nil) {
        case (true, true): .wordsAndMeaning
        case (false, true): .meaning
        default: .words
        }
    }
}

/// Fuses the lexical and the semantic ranking.
///
/// Each list's scores are standardised (z-scores: less the mean, over the standard
/// deviation) and a result's fused score is the mean of its two: how far above the usual
/// each side puts it, so that BM25's unbounded scores and cosine similarities weigh alike
/// without a calibration between them. Against reciprocal rank fusion (k = 60, which
/// weighs ranks only) it ranked better on Cranfield and CISI, and on their queries cut
/// to three words about as well (docs/benchmarks.md); min-max normalisation, which hangs on
/// each list's one best and one worst score, ranked no better.
///
/// The words' scores are standardised over every document the search could have found
/// (`population`) when their list holds every match: the documents that do not match score
/// BM25 0, each counted. A word only one document holds then stands far above the rest
/// (about the square root of the documents' number, in deviations), as it is: the file
/// that holds the invoice number or the name typed is found first, though a hundred look-
/// alikes are nearer by meaning. When the words match many documents (a full list of
/// `depth`), their scores are standardised within the list, and meaning reorders them as
/// before. Counting the non-matching document once, as before, put such a document one
/// deviation above "no match" and below every near neighbour by meaning
/// (docs/benchmarks.md, "Words first").
///
/// The one document that holds every word of the query, when others hold only some of
/// them, comes first: the words together are as specific as words can be ("coworker
/// address", the rare word of one file beside a common one). A tier of every document
/// holding all the words, whatever their number, lost on short topical queries; of the one
/// holder alone, it changed three of Cranfield's questions and gained on known items
/// (docs/benchmarks.md, "Words first").
///
/// A document absent from a full list scores as the list's last (it may be next); absent
/// from a shorter list, as no match (BM25 0, a similarity of `leastSimilarity`). A document
/// without vectors yet (`unembedded`: the semantic stage has not reached it) is not absent
/// from the meaning's list but unknown to it: it is ranked by its words alone (its meaning's
/// score taken as its words'), so that a partly embedded index does not push the documents
/// it has not reached below those it has.
enum Fusion {
    /// How deep each list is read.
    static let depth = 100
    /// The cosine similarity below which a window is not found by meaning. all-MiniLM-L6-v2
    /// puts unrelated texts at 0 to 0.15 and a paraphrase with no word in common ("how much
    /// did the car repair cost", "vehicle service invoice: 480 EUR") at 0.24; on Cranfield
    /// and CISI a floor of 0 or 0.2 ranks the same, 0.3 loses recall (docs/benchmarks.md).
    static let leastSimilarity: Float = 0.2
    /// The least similarity of a result found by meaning alone for a short query (at most
    /// `shortQueryWords` words) none of whose words the index holds: such a query is a
    /// name, a code or a word, and a window merely nearest to it is no answer (`folioq
    /// Kowalczyk` listed a paper about Poland). Calibrated on the similarities of unrelated
    /// and related short queries (`bench/similarity-floor.py`; docs/benchmarks.md, "Words
    /// first").
    static let leastSimilarityOfShortQuery: Float = 0.4
    static let shortQueryWords = 3

    /// The least similarity of a window found by meaning for `query`: higher for a short
    /// query whose words no chunk holds (`wordsMatched` false).
    static func leastSimilarity(for query: SearchQuery, wordsMatched: Bool) -> Float {
        let words = query.meaningText.split(whereSeparator: \.isWhitespace).count
        return !wordsMatched && words <= shortQueryWords ? leastSimilarityOfShortQuery : leastSimilarity
    }

    /// `lexical`: BM25, lower is better; `semantic`: similarity, higher is better; each in
    /// its order, best first. `population`: how many documents (chunks, with `allChunks`)
    /// the search could have found; `unembedded`: those of `lexical` without vectors (by
    /// document, or chunk with `allChunks`).
    static func standardised(lexical: [RankedChunk], semantic: [RankedChunk], allChunks: Bool, population: Int,
                             unembedded: Set<Int64> = []) -> [FusedHit] {
        // One result per document unless every chunk was asked for: a document found by
        // both keeps the chunk its words matched (it has a snippet around them).
        func identity(_ match: RankedChunk) -> Int64 { allChunks ? match.chunk : match.document }
        var entries: [Int64: (lexical: (rank: Int, match: RankedChunk)?, semantic: (rank: Int, match: RankedChunk)?)] = [:]
        var lexicalScores: [Double] = [], semanticScores: [Double] = []
        for match in lexical where entries[identity(match)]?.lexical == nil {
            lexicalScores.append(-match.score)
            entries[identity(match), default: (nil, nil)].lexical = (lexicalScores.count, match)
        }
        for match in semantic where entries[identity(match)]?.semantic == nil {
            semanticScores.append(match.score)
            entries[identity(match), default: (nil, nil)].semantic = (semanticScores.count, match)
        }
        // The one result that holds every word, when others hold only some.
        let holdersOfAll = entries.filter { $0.value.lexical?.match.matchesAll == true }
        let soleHolder = holdersOfAll.count == 1 && lexicalScores.count > 1 ? holdersOfAll.first?.key : nil
        let words = Standardised(lexicalScores, noMatch: 0, noMatches: max(1, population - lexicalScores.count))
        let meaning = Standardised(semanticScores, noMatch: Double(leastSimilarity), noMatches: 1)
        return entries.map { identity, entry in
            let byWords = words.z(entry.lexical.map { -$0.match.score })
            let byMeaning = entry.semantic == nil && unembedded.contains(identity)
                ? byWords : meaning.z(entry.semantic.map { $0.match.score })
            let ranking = HitRanking(lexicalRank: entry.lexical?.rank, semanticRank: entry.semantic?.rank,
                                     similarity: entry.semantic.map { Float($0.match.score) }, fusedScore: (byWords + byMeaning) / 2)
            let shown = entry.lexical?.match ?? entry.semantic!.match
            return (navigation: shown.navigation, first: identity == soleHolder || entry.lexical?.match.named == true,
                    hit: FusedHit(chunk: shown.chunk, lexicalMatch: entry.lexical?.match, ranking: ranking))
        }
        .sorted { a, b in
            // Contents and index pages after the text, as each list has them.
            if a.navigation != b.navigation { return !a.navigation }
            if a.first != b.first { return a.first }
            let (x, y) = (a.hit.ranking!, b.hit.ranking!)
            if x.fusedScore != y.fusedScore { return x.fusedScore > y.fusedScore }
            return (x.lexicalRank ?? Int.max, x.semanticRank ?? Int.max, a.hit.chunk) < (y.lexicalRank ?? Int.max, y.semanticRank ?? Int.max, b.hit.chunk)
        }
        .map(\.hit)
    }

    /// The semantic ranking alone, in the same shape.
    static func semanticOnly(_ semantic: [RankedChunk]) -> [FusedHit] {
        semantic.enumerated().map { index, match in
            FusedHit(chunk: match.chunk, lexicalMatch: nil,
                     ranking: HitRanking(lexicalRank: nil, semanticRank: index + 1, similarity: Float(match.score), fusedScore: match.score))
        }
    }
}

/// One list's scores (higher is better) as z-scores, and the score of a result not in it.
private struct Standardised {
    let mean: Double
    let deviation: Double
    let absent: Double

    /// `noMatch`: what a result that does not match scores, counted `noMatches` times in
    /// the spread of a list shorter than `Fusion.depth`, which holds every match.
    init(_ scores: [Double], noMatch: Double, noMatches: Int) {
        let complete = scores.count < Fusion.depth
        let absentCount = complete ? Double(noMatches) : 0
        let count = Double(scores.count) + absentCount
        let mean = (scores.reduce(0, +) + absentCount * noMatch) / count
        let variance = (scores.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } + absentCount * (noMatch - mean) * (noMatch - mean)) / count
        self.mean = mean
        deviation = variance > 0 ? variance.squareRoot() : 1
        absent = complete ? noMatch : scores.min()!
    }

    /// The z-score of `score`, or of a result not in the list.
    func z(_ score: Double?) -> Double { ((score ?? absent) - mean) / deviation }
}
