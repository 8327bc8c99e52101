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

    /// `/sources` with `--json`: `{"sources": […]}`, each as the conversation keeps it.
    static func sources(_ sources: [ChatSource]) -> String {
        struct Listed: Encodable {
            var sources: [ChatSource]
        }
        return encoded(Listed(sources: sources))
    }

    static func render(_ turn: ChatTurn, place: AnswerJSON.Turn?) -> String {
        return encoded(Document(question: turn.question, status: turn.status.rawValue, answer: turn.answer, error: turn.detail ?? "",
                                conversation: place))
    }

    private static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
