public import FolioAsk
internal import FolioCore

/// What of a conversation goes with its next question: the last turns, their answers'
/// citations taken out (the passages they pointed at are not sent again, and an old
/// `[2]` would read as this turn's passage 2).
public enum ChatHistory {
    /// The last `limit` turns as exchanges, as many of them as `tokens` holds (the newest
    /// kept first); a turn without an answer is sent as the documents not saying, so that
    /// the model does not take the question as still to answer.
    public static func exchanges(_ turns: [ChatTurn], limit: Int, tokens: Int) -> [AskPrompt.Exchange] {
        var kept: [AskPrompt.Exchange] = []
        var left = tokens
        for turn in turns.suffix(max(0, limit)).reversed() {
            let answer = withoutCitations(turn.answer)
            let exchange = AskPrompt.Exchange(question: turn.question, answer: answer.isEmpty ? AskPrompt.notFound : answer)
            left -= AskPrompt.historyTokens([exchange])
            guard left >= 0 else { break }
            kept.append(exchange)
        }
        return kept.reversed()
    }

    /// `text` without its citations (`[1]`, `[2, p. 14]`, `[3?]`, `[1][4]`), and without the
    /// space left before the punctuation that followed one.
    public static func withoutCitations(_ text: String) -> String {
        var kept = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            kept += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "]"), isCitation(after[..<close]) {
                rest = after[after.index(after: close)...]
                while kept.last == " ", let next = rest.first, next == " " || ",.;:!?".contains(next) || next == "[" { kept.removeLast() }
            } else {
                kept.append("[")
                rest = after
            }
        }
        kept += rest
        return kept.trimmingWhitespace()
    }

    /// `1`, `2, p. 14`, `3?`: what the brackets of a citation Folio shows hold.
    static func isCitation(_ content: Substring) -> Bool {
        guard let first = content.first, first.isNumber else { return false }
        return content.allSatisfy { $0.isNumber || ", p.?".contains($0) }
    }
}
