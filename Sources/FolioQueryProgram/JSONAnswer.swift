internal import FolioAsk
internal import FolioCore
internal import FolioLaunch
internal import FoundationEssentials

/// `folioq --ask --json`: the answer, its citations, the passages sent, the provider and
/// model, token counts and timings (docs/json.md).
enum JSONAnswer {
    struct Document: Encodable {
        var question: String
        var status: String
        var answer: String
        var provider: String
        var model: String
        var mode: String
        var citations: [Cited]
        var unsupportedCitations: [Unsupported]
        var inventedCitations: [Invented]
        var passages: [Sent]
        var tokens: Tokens
        var timingsMs: Timings
        @Nullable var finishReason: String?

        enum CodingKeys: String, CodingKey {
            case question, status, answer, provider, model, mode, citations, passages, tokens
            case inventedCitations = "invented_citations", unsupportedCitations = "unsupported_citations", timingsMs = "timings_ms"
            case finishReason = "finish_reason"
        }
    }

    /// A passage the answer cites, where it is, and the command that opens it there
    /// (the launchers' `[open]`).
    struct Cited: Encodable {
        var number: Int
        var path: String
        var pages: [Int]
        @Nullable var pageLabel: String?
        @Nullable var section: String?
        var chunk: Int
        /// The passage's words that bear out the sentence citing it best.
        var quote: String
        @Nullable var open: [String]?

        enum CodingKeys: String, CodingKey {
            case number, path, pages, section, chunk, quote, open, pageLabel = "page_label"
        }
    }

    /// A passage given and cited, which does not bear out the sentence that cites it.
    struct Unsupported: Encodable {
        var citation: String
        var number: Int
        var claim: String
    }

    struct Invented: Encodable {
        var citation: String
        var number: Int
        @Nullable var page: Int?
        var reason: String
    }

    struct Sent: Encodable {
        var number: Int
        var path: String
        @Nullable var title: String?
        var type: String
        var chunk: Int
        var pages: [Int]
        @Nullable var pageLabel: String?
        @Nullable var section: String?
        var rank: Int
        var tokens: Int
        var text: String

        enum CodingKeys: String, CodingKey {
            case number, path, title, type, chunk, pages, section, rank, tokens, text, pageLabel = "page_label"
        }
    }

    struct Tokens: Encodable {
        var context: Int
        var answerLimit: Int
        var promptEstimate: Int
        @Nullable var prompt: Int?
        @Nullable var answer: Int?

        enum CodingKeys: String, CodingKey {
            case context, prompt, answer, answerLimit = "answer_limit", promptEstimate = "prompt_estimate"
        }
    }

    struct Timings: Encodable {
        var folio: Double
        var retrieval: Double
        var checking: Double
        @Nullable var firstText: Double?
        var total: Double

        enum CodingKeys: String, CodingKey {
            case folio, retrieval, checking, total, firstText = "first_text"
        }
    }

    static func render(_ answer: Answer, opener options: OpenOptions?) -> String {
        let opener = options.map(Opener.init)
        let document = Document(
            question: answer.question, status: answer.status.rawValue, answer: answer.text, provider: answer.options.provider.rawValue,
            model: answer.options.effectiveModel, mode: answer.mode.rawValue,
            citations: answer.citedPassages.map { passage, quote in
                Cited(number: passage.number, path: passage.path, pages: Array(passage.pages), pageLabel: passage.pageLabel, section: passage.section,
                      chunk: passage.chunk, quote: quote, open: opener?.command(path: passage.path, page: passage.firstPage, kind: passage.kind))
            },
            unsupportedCitations: answer.unsupportedCitations.map { Unsupported(citation: "[\($0.citation.number)?]", number: $0.citation.number, claim: $0.claim) },
            inventedCitations: answer.inventedCitations.map {
                Invented(citation: $0.shown, number: $0.number, page: $0.page, reason: $0.explanation ?? "")
            },
            passages: answer.prompt.passages.map {
                Sent(number: $0.number, path: $0.path, title: $0.title, type: $0.kind.rawValue, chunk: $0.chunk, pages: Array($0.pages),
                     pageLabel: $0.pageLabel, section: $0.section, rank: $0.rank, tokens: TokenEstimate.tokens(in: $0.text), text: $0.text)
            },
            tokens: Tokens(context: answer.options.effectiveContextTokens, answerLimit: answer.options.answerTokens,
                           promptEstimate: answer.prompt.estimatedTokens, prompt: answer.outcome?.promptTokens, answer: answer.outcome?.answerTokens),
            timingsMs: Timings(folio: rounded(answer.timings.folio), retrieval: rounded(answer.timings.retrieval), checking: rounded(answer.timings.checking),
                               firstText: answer.timings.firstText.map(rounded), total: rounded(answer.timings.total)),
            finishReason: answer.outcome?.finishReason)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func rounded(_ milliseconds: Double) -> Double {
        (milliseconds * 100).rounded() / 100
    }
}
