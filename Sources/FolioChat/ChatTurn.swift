/// One question of a conversation and what came of it, as kept in the conversation's
/// file: the question as typed, what was searched for, the answer as shown (its
/// citations checked, `[n?]` where invented), and the passages that bear it out.
public struct ChatTurn: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        /// The model answered from the passages (a supported citation).
        case answered
        /// The model said the passages do not hold the answer.
        case notInDocuments = "not_in_documents"
        /// The search found nothing, and no model was asked.
        case nothingRelevant = "nothing_relevant"
        /// An answer no passage it cites bears out.
        case unsupported
        /// Stopped part-way (Ctrl-C, the server gone): the text kept is what came.
        case incomplete
        /// No answer: the model could not be reached, or refused (`detail` says why).
        case failed
    }

    /// From 1, in the order asked.
    public var position: Int
    public var question: String
    /// What was searched for: the question, or the follow-up made to stand alone.
    public var searchedFor: String
    public var answer: String
    public var status: Status
    /// Why a turn is incomplete or failed, or why its look-ups were cut short, in a sentence.
    public var detail: String?
    public var sources: [ChatSource]
    /// The tools the model called, in order (none without tools).
    public var calls: [ToolCallRecord]
    /// Seconds since 1970.
    public var created: Int64

    enum CodingKeys: String, CodingKey {
        case position, question, answer, status, detail, sources, calls, created, searchedFor = "searched_for"
    }

    public init(position: Int, question: String, searchedFor: String, answer: String, status: Status, detail: String? = nil,
                sources: [ChatSource], calls: [ToolCallRecord] = [], created: Int64) {
        self.calls = calls
        self.position = position
        self.question = question
        self.searchedFor = searchedFor
        self.answer = answer
        self.status = status
        self.detail = detail
        self.sources = sources
        self.created = created
    }
}

/// A passage an answer cites and that bears it out: where it is, and its words the
/// answer rests on.
public struct ChatSource: Sendable, Equatable, Codable {
    /// The citation's number in its turn's answer (`[n]`).
    public var number: Int
    public var path: String
    public var pages: [Int]
    /// Whether the document has pages worth citing (`Passage.isPaged`).
    public var paged: Bool
    public var pageLabel: String?
    public var section: String?
    public var chunk: Int
    public var quote: String

    enum CodingKeys: String, CodingKey {
        case number, path, pages, paged, section, chunk, quote, pageLabel = "page_label"
    }

    public init(number: Int, path: String, pages: [Int], paged: Bool, pageLabel: String?, section: String?, chunk: Int, quote: String) {
        self.number = number
        self.path = path
        self.pages = pages
        self.paged = paged
        self.pageLabel = pageLabel
        self.section = section
        self.chunk = chunk
        self.quote = quote
    }
}

/// A conversation as listed: its title (its first question, shortened), when it began
/// and when it last changed, and how many turns it has.
public struct Conversation: Sendable, Equatable {
    public var id: Int64
    public var title: String
    public var created: Int64
    public var updated: Int64
    public var turns: Int

    public init(id: Int64, title: String, created: Int64, updated: Int64, turns: Int) {
        self.id = id
        self.title = title
        self.created = created
        self.updated = updated
        self.turns = turns
    }
}
