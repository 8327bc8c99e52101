internal import FolioStore
internal import Foundation

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
        var pageLast: Int
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
            case pageLast = "page_last"
            case pageLabel = "page_label"
            case ocrConfidence = "ocr_confidence"
            case matchesAllTerms = "matches_all_terms"
        }
    }

    static func render(query: String, hits: [SearchHit]) -> String {
        let results = hits.enumerated().map { index, hit in
            Result(rank: index + 1, path: hit.path, title: hit.title, type: hit.kind.rawValue, chunk: hit.chunkOrdinal,
                   page: hit.firstPage, pageLast: hit.lastPage, pageLabel: hit.pageLabel, ocr: hit.ocrConfidence != nil,
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
