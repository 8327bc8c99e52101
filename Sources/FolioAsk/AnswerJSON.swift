public import FolioCore
public import FoundationEssentials

/// `folioq --ask --json` and `folio ui`'s answers: the answer, its citations, the passages
/// sent, the provider and model, token counts and timings (docs/json.md).
public enum AnswerJSON {
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
        /// Only for a conversation's turn (`folio chat --json`).
        var conversation: Turn?

        enum CodingKeys: String, CodingKey {
            case question, status, answer, provider, model, mode, citations, passages, tokens, conversation
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
        var check: Check
        @Nullable var open: [String]?

        enum CodingKeys: String, CodingKey {
            case number, path, pages, section, chunk, quote, check, open, pageLabel = "page_label"
        }
    }

    /// A passage given and cited, which does not bear out the sentence that cites it.
    struct Unsupported: Encodable {
        var citation: String
        var number: Int
        var claim: String
        var check: Check
    }

    /// How a citation was checked (`CitationSupport.Verdict`): what bore it out, the share
    /// of the sentence's weighted words its quote holds, its similarity to the nearest
    /// window when weighed by meaning, the numbers the passage lacks, and whether the
    /// model's own quote was not in the passage.
    struct Check: Encodable {
        @Nullable var foundBy: String?
        var wordCoverage: Double
        @Nullable var similarity: Double?
        var missingNumbers: [String]
        var quoteNotInPassage: Bool

        init(_ verdict: CitationSupport.Verdict) {
            foundBy = verdict.evidence?.rawValue
            wordCoverage = (verdict.coverage * 1000).rounded() / 1000
            similarity = verdict.similarity.map { (Double($0) * 1000).rounded() / 1000 }
            missingNumbers = verdict.missingNumbers
            quoteNotInPassage = verdict.quoteNotInPassage
        }

        enum CodingKeys: String, CodingKey {
            case similarity, foundBy = "found_by", wordCoverage = "word_coverage", missingNumbers = "missing_numbers",
                 quoteNotInPassage = "quote_not_in_passage"
        }
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

    /// Where an answer stands in a conversation: its number and turn, what was searched
    /// for (the follow-up made to stand alone: `follow_up` says how), and whether the
    /// model looked things up itself (`tools`).
    public struct Turn: Encodable, Sendable {
        public var id: Int64
        public var turn: Int
        public var searchedFor: String
        public var followUp: String
        /// Why the follow-up was not rewritten as asked.
        @Nullable public var fallback: String?
        public var tools: Bool
        /// The tools the model called, in order.
        public var calls: [Call]
        /// Why the look-ups stopped short, or why the model was given no tools.
        @Nullable public var note: String?

        /// A tool call: the tool, its arguments as the model wrote them, the numbers of the
        /// passages it gave (among `passages`), or why it gave none.
        public struct Call: Encodable, Sendable {
            public var name: String
            public var arguments: String
            public var passages: [Int]
            @Nullable public var error: String?

            public init(name: String, arguments: String, passages: [Int], error: String?) {
                self.name = name
                self.arguments = arguments
                self.passages = passages
                self.error = error
            }
        }

        public init(id: Int64, turn: Int, searchedFor: String, followUp: String, fallback: String?, tools: Bool, calls: [Call] = [],
                    note: String? = nil) {
            self.id = id
            self.turn = turn
            self.searchedFor = searchedFor
            self.followUp = followUp
            self.fallback = fallback
            self.tools = tools
            self.calls = calls
            self.note = note
        }

        enum CodingKeys: String, CodingKey {
            case id, turn, fallback, tools, calls, note, searchedFor = "searched_for", followUp = "follow_up"
        }
    }

    /// `opener`: the command that opens a file at a page, as the launchers do, for each
    /// citation's `open`.
    public static func render(_ answer: Answer, opener: ((_ path: String, _ page: Int, _ kind: DocumentKind) -> [String])?,
                              conversation: Turn? = nil) -> String {
        String(decoding: data(answer, opener: opener, conversation: conversation), as: UTF8.self) + "\n"
    }

    public static func data(_ answer: Answer, opener: ((_ path: String, _ page: Int, _ kind: DocumentKind) -> [String])?,
                            conversation: Turn? = nil) -> Data {
        let document = Document(
            question: answer.question, status: answer.status.rawValue, answer: answer.text, provider: answer.options.provider.rawValue,
            model: answer.options.effectiveModel, mode: answer.mode.rawValue,
            citations: answer.citedPassages.map { passage, quote, verdict in
                Cited(number: passage.number, path: passage.path, pages: Array(passage.pages), pageLabel: passage.pageLabel, section: passage.section,
                      chunk: passage.chunk, quote: quote, check: Check(verdict), open: opener?(passage.path, passage.firstPage, passage.kind))
            },
            unsupportedCitations: answer.unsupportedCitations.map {
                Unsupported(citation: "[\($0.citation.number)?]", number: $0.citation.number, claim: $0.claim, check: Check($0.verdict))
            },
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
            finishReason: answer.outcome?.finishReason, conversation: conversation)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document)) ?? Data("{}".utf8)
    }

    private static func rounded(_ milliseconds: Double) -> Double {
        (milliseconds * 100).rounded() / 100
    }
}
