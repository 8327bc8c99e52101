internal import FolioStore
internal import FoundationEssentials

/// `folioq --json`: the stable machine-readable form documented in docs/json.md.
enum JSONResults {
    struct Document: Encodable {
        var query: String
        var mode: String
        var results: [Result]
    }

    /// How a result was ranked, in semantic and hybrid mode.
    struct Ranking: Encodable {
        var lexicalRank: Int?
        var semanticRank: Int?
        var similarity: Float?
        var fusedScore: Double

        enum CodingKeys: String, CodingKey {
            case lexicalRank = "lexical_rank", semanticRank = "semantic_rank", similarity, fusedScore = "fused_score"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lexicalRank, forKey: .lexicalRank)
            try container.encode(semanticRank, forKey: .semanticRank)
            try container.encode(similarity, forKey: .similarity)
            try container.encode(fusedScore, forKey: .fusedScore)
        }
    }

    struct Result: Encodable {
        var rank: Int
        var path: String
        var title: String?
        var type: String
        var chunk: Int
        var page: Int
        var chunkPages: [Int]
        var pageLabel: String?
        var ocr: Bool
        var ocrConfidence: Double?
        var section: String?
        var snippet: String
        var highlights: [[Int]]
        var score: Double
        var matchesAllTerms: Bool
        var navigation: Bool
        var ranking: Ranking?

        enum CodingKeys: String, CodingKey {
            case rank, path, title, type, chunk, page, section, snippet, highlights, score, navigation, ranking
            case ocr
            case chunkPages = "chunk_pages"
            case pageLabel = "page_label"
            case ocrConfidence = "ocr_confidence"
            case matchesAllTerms = "matches_all_terms"
        }

        /// Every key is always there: absent values are `null`, not missing.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rank, forKey: .rank)
            try container.encode(path, forKey: .path)
            try container.encode(title, forKey: .title)
            try container.encode(type, forKey: .type)
            try container.encode(chunk, forKey: .chunk)
            try container.encode(page, forKey: .page)
            try container.encode(chunkPages, forKey: .chunkPages)
            try container.encode(pageLabel, forKey: .pageLabel)
            try container.encode(ocr, forKey: .ocr)
            try container.encode(ocrConfidence, forKey: .ocrConfidence)
            try container.encode(section, forKey: .section)
            try container.encode(snippet, forKey: .snippet)
            try container.encode(highlights, forKey: .highlights)
            try container.encode(score, forKey: .score)
            try container.encode(matchesAllTerms, forKey: .matchesAllTerms)
            try container.encode(navigation, forKey: .navigation)
            try container.encode(ranking, forKey: .ranking)
        }
    }

    static func render(query: String, mode: SearchMode, hits: [SearchHit]) -> String {
        let results = hits.enumerated().map { index, hit in
            Result(rank: index + 1, path: hit.path, title: hit.title, type: hit.kind.rawValue, chunk: hit.chunkOrdinal,
                   page: hit.page, chunkPages: [hit.firstPage, hit.lastPage], pageLabel: hit.pageLabel, ocr: hit.ocrConfidence != nil,
                   ocrConfidence: hit.ocrConfidence, section: hit.section, snippet: hit.snippet.text,
                   highlights: hit.snippet.highlights.map { [$0.lowerBound, $0.upperBound] }, score: hit.score,
                   matchesAllTerms: hit.matchesAllTerms, navigation: hit.navigation,
                   ranking: hit.ranking.map { Ranking(lexicalRank: $0.lexicalRank, semanticRank: $0.semanticRank, similarity: $0.similarity,
                                                      fusedScore: $0.fusedScore) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(query: query, mode: mode.rawValue, results: results))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
