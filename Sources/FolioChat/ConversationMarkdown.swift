internal import FolioCore
internal import FoundationEssentials
internal import Glibc

/// A conversation written out (`folio chat --export`): each question, its answer with
/// its citations, and the sources those cite, by file, page and the words relied on.
public enum ConversationMarkdown {
    public static func render(_ conversation: Conversation, turns: [ChatTurn], home: String) -> String {
        var text = "# \(conversation.title)\n\n_Folio conversation \(conversation.id), \(date(conversation.created))._\n"
        for turn in turns {
            text += "\n## \(turn.question)\n\n"
            if turn.searchedFor != turn.question { text += "_Searched for: \(turn.searchedFor)_\n\n" }
            if !turn.answer.isEmpty { text += turn.answer.trimmingWhitespace() + "\n\n" }
            switch turn.status {
            case .answered: break
            case .notInDocuments: text += "_The documents do not hold the answer._\n\n"
            case .nothingRelevant: text += "_Nothing in the index matched; no model was asked._\n\n"
            case .unsupported: text += "_No passage the answer cites bears it out: it is not an answer from the documents._\n\n"
            case .incomplete: text += "_Incomplete: \(turn.detail ?? "stopped")._\n\n"
            case .failed: text += "_No answer: \(turn.detail ?? "the model could not be asked")._\n\n"
            }
            guard !turn.sources.isEmpty else { continue }
            text += "Sources:\n\n"
            for source in turn.sources {
                text += "- [\(source.number)] `\(AbsolutePath.abbreviated(source.path, home: home))`" + place(source) + ": “\(source.quote)”\n"
            }
        }
        return text
    }

    /// ", page 4 § Section", or the section alone.
    public static func place(_ source: ChatSource) -> String {
        var text = ""
        if source.paged, let first = source.pages.first, let last = source.pages.last {
            text += first == last ? ", page \(first)" : ", pages \(first)–\(last)"
        }
        if let section = source.section, !section.isEmpty { text += " § " + section }
        return text
    }

    /// `2026-11-28 14:05`, local time.
    public static func date(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M", &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `folio chat --list --json`: an array of the conversations.
    public static func listJSON(_ conversations: [Conversation]) -> String {
        struct Listed: Encodable {
            var id: Int64
            var title: String
            var created: Int64
            var updated: Int64
            var turns: Int
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let listed = conversations.map { Listed(id: $0.id, title: $0.title, created: $0.created, updated: $0.updated, turns: $0.turns) }
        return String(decoding: (try? encoder.encode(listed)) ?? Data("[]".utf8), as: UTF8.self) + "\n"
    }
}
