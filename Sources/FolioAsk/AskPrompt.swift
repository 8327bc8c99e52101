/// What the model is told: how to answer (cite every claim by its passage's number, say
/// so when the passages do not hold the answer), the numbered passages with their file,
/// pages and section, and the question.
public struct AskPrompt: Sendable, Equatable {
    public var question: String
    public var passages: [Passage]
    /// Whether the model is asked for the passage's words with each citation (`[ask] quotes`).
    public var quotes: Bool
    /// The conversation so far (`folio chat`), oldest first: sent as the turns before the
    /// question, so that the model reads a follow-up as one.
    public var history: [Exchange]

    /// A question asked before in the conversation and the answer given, its citations
    /// taken out: the passages they pointed at are not sent again, and a number from an
    /// earlier turn would be read as one of this turn's.
    public struct Exchange: Sendable, Equatable {
        public var question: String
        public var answer: String

        public init(question: String, answer: String) {
            self.question = question
            self.answer = answer
        }
    }

    public init(question: String, passages: [Passage], quotes: Bool = true, history: [Exchange] = []) {
        self.question = question
        self.passages = passages
        self.quotes = quotes
        self.history = history
    }

    /// The system message: `instructions(quotes:)` as this prompt asks.
    public var instructions: String { Self.instructions(quotes: quotes) }

    /// The sentence an answer starts with when the passages do not hold one: the model is
    /// asked for exactly this, and Folio recognises it (`Answer.saysNotFound`).
    public static let notFound = "The documents do not say."

    /// How the model is told to answer; `quotes`: with the passage's words copied into each
    /// citation (`[1: "…"]`).
    public static func instructions(quotes: Bool) -> String {
        let citing = quotes
            ? """
            - End every sentence that states something from a passage with that passage's number \
            in square brackets and, after a colon, the few words of the passage it rests on, \
            copied exactly, in double quotes: like [1: "paid on 3 May"], or [1: "…"][3: "…"] for \
            several. When a passage spans two pages, add the page, like [2, p. 14: "…"].
            """
            : """
            - End every sentence that states something from a passage with that passage's number \
            in square brackets, like [1], or [1][3] for several. When a passage spans two pages, \
            add the page, like [2, p. 14].
            """
        return """
            You answer questions from the user's own documents, using only the numbered passages \
            given with the question, never what you know from elsewhere.
            \(citing)
            - Cite only the numbers of the passages given.
            - If the passages do not hold the answer, reply with exactly "\(notFound)" and then, \
            in one sentence, what they cover that comes closest, if anything. Do not guess.
            - Answer in the language of the question, briefly.
            """
    }

    /// The instructions when the passages go as documents whose citations the provider
    /// makes itself (Anthropic's citations): no `[n]` to write, the rest the same.
    public static let documentInstructions = """
        You answer questions from the user's own documents, using only the documents given \
        with the question, never what you know from elsewhere.
        - Cite the documents for every sentence that states something from them.
        - If the documents do not hold the answer, reply with exactly "\(notFound)" and then, \
        in one sentence, what they cover that comes closest, if anything. Do not guess.
        - Answer in the language of the question, briefly.
        """

    /// The user's message: the passages, then the question. `locating`: each passage's
    /// heading says its path and chunk, for a model that can `read` its neighbours.
    public func message(locating: Bool = false) -> String {
        var text = "Passages:\n\n"
        for passage in passages { text += Self.block(passage, locating: locating) + "\n\n" }
        return text + "Question: " + question
    }

    public var message: String { message() }

    /// One passage as the model reads it: `[n] file, page(s), section` (with
    /// `(path: …, chunk: …)` when `locating`) and its text, with a line where the second
    /// page begins.
    public static func block(_ passage: Passage, locating: Bool = false) -> String {
        heading(passage) + (locating ? " (path: \(passage.path), chunk: \(passage.chunk))" : "") + "\n" + text(passage)
    }

    /// `[n] file ("title"), page(s), section "…"`.
    static func heading(_ passage: Passage) -> String {
        var heading = "[\(passage.number)] \(passage.fileName)"
        if let title = passage.title, !title.isEmpty, title != passage.fileName { heading += " (\"\(title)\")" }
        if let pages = passage.pageDescription { heading += ", " + pages }
        if let section = passage.section, !section.isEmpty { heading += ", section \"\(section)\"" }
        return heading
    }

    /// The passage's text, with a line where its second page begins.
    static func text(_ passage: Passage) -> String {
        guard let start = passage.lastPageStarts, passage.lastPage != passage.firstPage else { return passage.text }
        let scalars = passage.text.unicodeScalars
        let split = scalars.index(scalars.startIndex, offsetBy: min(start, scalars.count))
        return String(scalars[..<split]) + "\n--- page \(passage.lastPage) ---\n" + String(scalars[split...])
    }

    /// The tokens of everything but the passages, and a margin for the messages' framing
    /// in each provider's chat template.
    static func fixedTokens(question: String, history: [Exchange]) -> Int {
        // The longer instructions, whichever are sent: the estimate errs high.
        TokenEstimate.tokens(in: instructions(quotes: true)) + TokenEstimate.tokens(in: "Passages:\n\nQuestion: " + question) + 32
            + historyTokens(history)
    }

    /// What the earlier turns add to the prompt, with their messages' framing.
    public static func historyTokens(_ history: [Exchange]) -> Int {
        history.reduce(0) { $0 + TokenEstimate.tokens(in: $1.question) + TokenEstimate.tokens(in: $1.answer) + 16 }
    }

    /// What one passage adds to the prompt.
    public static func tokens(of passage: Passage) -> Int {
        TokenEstimate.tokens(in: block(passage)) + 2
    }

    /// The whole prompt's estimated size.
    public var estimatedTokens: Int {
        TokenEstimate.tokens(in: instructions) + TokenEstimate.tokens(in: message) + 32 + Self.historyTokens(history)
    }
}
