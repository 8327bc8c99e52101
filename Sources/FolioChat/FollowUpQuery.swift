public import FolioAsk
public import FolioCore

/// What a conversation's question is searched for. A follow-up leans on what came before
/// ("and in 2022?"): searched as typed, it finds what its few words find. So, as
/// `[ask] follow_ups` says, the model makes it a question that stands alone, or the
/// question before it is searched with it (docs/benchmarks.md, "Conversations").
public struct FollowUpQuery: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The conversation's first question: searched as typed.
        case first
        /// Made to stand alone by the model.
        case rewritten
        /// With the question before it.
        case withPrevious = "with-previous"
        case asTyped = "as-typed"
    }

    public var text: String
    public var kind: Kind
    /// Why the model's rewriting was not used, when it was asked for and failed.
    public var fallback: String?

    public init(text: String, kind: Kind, fallback: String? = nil) {
        self.text = text
        self.kind = kind
        self.fallback = fallback
    }

    /// The turns the rewriting reads, at most: a follow-up leans on the last ones.
    static let turnsRead = 3
    /// An earlier answer is shown to the rewriting cut to this many words.
    static let answerWords = 60
    /// A rewritten question longer than this is not one.
    static let longestRewrite = 400

    /// The query for `question` after `earlier` turns. `rewrite` asks the model (system
    /// and user message in, its text out).
    public static func make(_ question: String, after earlier: [ChatTurn], followUps: AskOptions.FollowUps,
                            rewrite: (_ system: String, _ user: String) throws(AskError) -> String) -> FollowUpQuery {
        guard let previous = earlier.last else { return FollowUpQuery(text: question, kind: .first) }
        switch followUps {
        case .asTyped: return FollowUpQuery(text: question, kind: .asTyped)
        case .withPrevious: return withPrevious(question, previous)
        case .rewrite:
            do {
                let written = try rewrite(instructions, message(question, after: earlier))
                guard let text = standalone(written) else {
                    var fallback = withPrevious(question, previous)
                    fallback.fallback = "the model's rewriting was not a question (\(written.prefix(80)))"
                    return fallback
                }
                return FollowUpQuery(text: text, kind: .rewritten)
            } catch {
                var fallback = withPrevious(question, previous)
                fallback.fallback = "the model could not rewrite it: \(error)"
                return fallback
            }
        }
    }

    static func withPrevious(_ question: String, _ previous: ChatTurn) -> FollowUpQuery {
        FollowUpQuery(text: previous.searchedFor + " " + question, kind: .withPrevious)
    }

    static let instructions = """
        You rewrite the user's last question so that it can be understood without the conversation \
        before it: replace the words that point back to it (it, they, that, there, the same) with what \
        they point to, and say in full what a short question leaves out. Keep the user's own words, \
        names and numbers, and their language. Do not answer it. Reply with the rewritten question alone, on one line.
        """

    /// The last turns, each answer cut short, and the question to rewrite.
    static func message(_ question: String, after earlier: [ChatTurn]) -> String {
        var text = "Conversation:\n"
        for turn in earlier.suffix(turnsRead) {
            let answer = ChatHistory.withoutCitations(turn.answer).split(whereSeparator: \.isWhitespace)
            text += "User: " + turn.question + "\n"
            text += "Assistant: " + (answer.isEmpty ? AskPrompt.notFound : answer.prefix(answerWords).joined(separator: " ")
                + (answer.count > answerWords ? " …" : "")) + "\n"
        }
        return text + "\nLast question: " + question + "\nRewritten question:"
    }

    /// The model's reply as a question: its first line that says something, without a
    /// label or quotes around it; `nil` when nothing is left or it is too long to be one.
    static func standalone(_ reply: String) -> String? {
        guard var line = reply.split(whereSeparator: \.isNewline).map({ $0.trimmingWhitespace() }).first(where: { !$0.isEmpty }) else {
            return nil
        }
        for label in ["rewritten question:", "question:", "last question:"] where line.lowercased().hasPrefix(label) {
            line = String(line.dropFirst(label.count)).trimmingWhitespace()
        }
        line = String(line.drop { "\"'“*`".contains($0) }.reversed().drop { "\"'”*`".contains($0) }.reversed())
        guard !line.isEmpty, line.count <= longestRewrite, !Answer.saysNotFound(line) else { return nil }
        return line
    }
}
