/// The line of a source file a match is on: the chunk's first line (its section, `line
/// 42`, `WordChunker.numbersLines`) plus the newlines of the chunk's text before the match,
/// which keeps the blank lines between its lines. What a hit in code says instead of a page.
enum CodeLine {
    static let prefix = "line "

    /// The section of a hit in code: the match's line, or the chunk's first without a match
    /// located (found by meaning, or no snippet asked for).
    static func section(_ section: String?, text: String, firstMatch: Int?) -> String? {
        guard let section, section.hasPrefix(prefix), let first = Int(section.dropFirst(prefix.count)), let firstMatch else { return section }
        let newlines = text.unicodeScalars.prefix(firstMatch).count { $0 == "\n" }
        return prefix + String(first + newlines)
    }
}
