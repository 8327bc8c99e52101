internal import FolioStore
internal import FoundationEssentials

/// `folioq --json`: the stable machine-readable form documented in docs/json.md.
enum JSONResults {
    struct Document: Encodable {
        var query: String
        var mode: String
        /// The query's words no document holds (as the index reads them).
        var unmatchedWords: [String]
        /// Whether any document holds any of the query's words.
        var wordsMatched: Bool
        var results: [Result]

        enum CodingKeys: String, CodingKey {
            case query, mode, results
            case unmatchedWords = "unmatched_words"
            case wordsMatched = "words_matched"
        }
    }

    /// How a result was ranked, in semantic and hybrid mode.
    struct Ranking: Encodable {
        @Nullable var lexicalRank: Int?
        @Nullable var semanticRank: Int?
        @Nullable var similarity: Float?
        var fusedScore: Double

        enum CodingKeys: String, CodingKey {
            case lexicalRank = "lexical_rank", semanticRank = "semantic_rank", similarity, fusedScore = "fused_score"
        }
    }

    struct Result: Encodable {
        var rank: Int
        var path: String
        @Nullable var title: String?
        var type: String
        var chunk: Int
        var page: Int
        var chunkPages: [Int]
        @Nullable var pageLabel: String?
        var ocr: Bool
        @Nullable var ocrConfidence: Double?
        @Nullable var section: String?
        var snippet: String
        var highlights: [[Int]]
        var score: Double
        var matchesAllTerms: Bool
        var navigation: Bool
        /// `words`, `meaning` or `words_and_meaning`: what found the result.
        var foundBy: String
        @Nullable var ranking: Ranking?
        /// What the file records about itself: `author`, a message's `from`, `to`, `cc`, `date`.
        var fields: [String: String]

        enum CodingKeys: String, CodingKey {
            case rank, path, title, type, chunk, page, section, snippet, highlights, score, navigation, ranking, fields
            case ocr
            case chunkPages = "chunk_pages"
            case pageLabel = "page_label"
            case ocrConfidence = "ocr_confidence"
            case matchesAllTerms = "matches_all_terms"
            case foundBy = "found_by"
        }
    }

    static func render(query: String, results found: SearchResults) -> String {
        let results = found.hits.enumerated().map { index, hit in
            Result(rank: index + 1, path: hit.path, title: hit.title, type: hit.kind.rawValue, chunk: hit.chunkOrdinal,
                   page: hit.page, chunkPages: [hit.firstPage, hit.lastPage], pageLabel: hit.pageLabel, ocr: hit.ocrConfidence != nil,
                   ocrConfidence: hit.ocrConfidence, section: hit.section, snippet: hit.snippet.text,
                   highlights: hit.snippet.highlights.map { [$0.lowerBound, $0.upperBound] }, score: hit.score,
                   matchesAllTerms: hit.matchesAllTerms, navigation: hit.navigation, foundBy: hit.foundBy.rawValue,
                   ranking: hit.ranking.map { Ranking(lexicalRank: $0.lexicalRank, semanticRank: $0.semanticRank, similarity: $0.similarity,
                                                      fusedScore: $0.fusedScore) },
                   fields: Dictionary(uniqueKeysWithValues: hit.fields.map { ($0.key.rawValue, $0.value) }))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(query: query, mode: found.mode.rawValue, unmatchedWords: found.unmatchedWords,
                                                              wordsMatched: found.wordsMatched, results: results))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
