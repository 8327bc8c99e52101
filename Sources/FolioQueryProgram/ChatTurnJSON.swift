internal import FolioAsk
internal import FolioChat
internal import FolioCore
internal import FoundationEssentials

/// `folio chat --json` for a turn without a whole answer (stopped, or the model not
/// reached): what came, its status and why, and its place in the conversation.
enum ChatTurnJSON {
    struct Document: Encodable {
        var question: String
        var status: String
        var answer: String
        var error: String
        var conversation: AnswerJSON.Turn?
    }

    static func render(_ turn: ChatTurn, place kept: (id: Int64, turn: Int)?, query: FollowUpQuery) -> String {
        let place = kept.map { AnswerJSON.Turn(id: $0.id, turn: $0.turn, searchedFor: query.text, followUp: query.kind.rawValue,
                                                        fallback: query.fallback, tools: false) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let document = Document(question: turn.question, status: turn.status.rawValue, answer: turn.answer, error: turn.detail ?? "",
                                conversation: place)
        return String(decoding: (try? encoder.encode(document)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
