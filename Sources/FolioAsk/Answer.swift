public import FolioCore
public import FolioStore

/// A question's answer as it comes in and once complete: the text as shown (invented
/// citations marked `[n?]`), the citations read from it, what was sent, the provider's
/// counts and the time each part took.
public struct Answer: Sendable {
    public enum Status: String, Sendable {
        /// The model answered from the passages.
        case answered
        /// The model said the passages do not hold the answer (`AskPrompt.notFound`).
        case notInDocuments = "not_in_documents"
        /// The search found nothing, and no model was asked.
        case nothingRelevant = "nothing_relevant"
    }

    public struct Timings: Sendable {
        /// From the start of the process to the prompt ready: Folio's own part.
        public var folio = 0.0
        /// Of which the search and reading the passages' text.
        public var retrieval = 0.0
        /// From the request to the first piece of the answer (the provider's part).
        public var firstText: Double?
        public var total = 0.0
    }

    public var question: String
    public var options: AskOptions
    public var mode: SearchMode
    public var prompt: AskPrompt
    public var text = ""
    public var citations: [Citation] = []
    public var status = Status.answered
    public var timings = Timings()
    public var outcome: ChatClient.Outcome?

    public init(question: String, options: AskOptions, mode: SearchMode, prompt: AskPrompt) {
        self.question = question
        self.options = options
        self.mode = mode
        self.prompt = prompt
    }

    public mutating func add(_ pieces: [CitationReader.Piece]) {
        for piece in pieces {
            switch piece {
            case let .text(plain): text += plain
            case let .citation(citation): text += citation.shown
            }
        }
    }

    /// Records the end of the exchange, and whether the model found the answer in the
    /// passages.
    public mutating func finish(_ outcome: ChatClient.Outcome, citations: [Citation], total: Double) {
        self.outcome = outcome
        self.citations = citations
        timings.firstText = outcome.firstTextSeconds.map { $0 * 1000 }
        timings.total = total
        status = Self.saysNotFound(text) ? .notInDocuments : .answered
    }

    /// Whether an answer opens with the sentence the prompt asks for when the passages do
    /// not hold the answer (quotes, emphasis and case aside).
    public static func saysNotFound(_ text: String) -> Bool {
        let opening = text.trimmingWhitespace().drop { "\"'*_“".contains($0) }.lowercased()
        return opening.hasPrefix(AskPrompt.notFound.lowercased().dropLast())
    }

    /// The passages the answer cites truly, each once, in the order first cited.
    public var citedPassages: [Passage] {
        var seen: Set<Int> = []
        return citations.filter { !$0.isInvented && seen.insert($0.number).inserted }.compactMap { citation in
            prompt.passages.first { $0.number == citation.number }
        }
    }

    /// The citations the model made up, each once.
    public var inventedCitations: [Citation] {
        var seen: Set<String> = []
        return citations.filter { $0.isInvented && seen.insert($0.shown).inserted }
    }
}
