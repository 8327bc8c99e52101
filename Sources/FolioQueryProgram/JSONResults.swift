internal import FolioStore
internal import FoundationEssentials

/// `folioq --json`: the stable machine-readable form documented in docs/json.md.
enum JSONResults {
    struct Document: Encodable {
        var query: String
        var results: [Result]
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

        enum CodingKeys: String, CodingKey {
            case rank, path, title, type, chunk, page, section, snippet, highlights, score
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
        }
    }

    static func render(query: String, hits: [SearchHit]) -> String {
        let results = hits.enumerated().map { index, hit in
            Result(rank: index + 1, path: hit.path, title: hit.title, type: hit.kind.rawValue, chunk: hit.chunkOrdinal,
                   page: hit.page, chunkPages: [hit.firstPage, hit.lastPage], pageLabel: hit.pageLabel, ocr: hit.ocrConfidence != nil,
                   ocrConfidence: hit.ocrConfidence, section: hit.section, snippet: hit.snippet.text,
                   highlights: hit.snippet.highlights.map { [$0.lowerBound, $0.upperBound] }, score: hit.score,
                   matchesAllTerms: hit.matchesAllTerms)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(query: query, results: results))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
