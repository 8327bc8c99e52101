/// Message ids as mail headers write them: `<id@host>`, several in `References`, folded
/// over lines, with comments and stray words between them in the wild.
enum MessageIDs {
    /// The ids between angle brackets, in order, each once, without the brackets.
    static func parse(_ header: String) -> [String] {
        var ids: [String] = []
        var current: String?
        for character in header {
            if character == "<" {
                current = ""
            } else if character == ">", let id = current {
                let trimmed = id.filter { !$0.isWhitespace }
                if !trimmed.isEmpty, !ids.contains(trimmed) { ids.append(trimmed) }
                current = nil
            } else if current != nil {
                current!.append(character)
            }
        }
        return ids
    }

    /// An id written without brackets (GMime hands `Message-ID` over without them), or
    /// `nil` when there is none.
    static func bare(_ text: String) -> String? {
        let trimmed = text.filter { !$0.isWhitespace }
        return trimmed.isEmpty ? nil : trimmed
    }
}
