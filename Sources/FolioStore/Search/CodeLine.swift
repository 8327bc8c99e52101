/// The line of a source file a match is on: the chunk's first line (`Chunk.firstLine`)
/// plus the newlines of the chunk's text before the match, which keeps the blank lines
/// between its lines. What a hit in code says as its section: `line 42`, after the
/// definition the chunk is in where the parsers found one (`Parser.parseConfig, line 42`).
enum CodeLine {
    /// The match's line, or the chunk's first without a match located (found by meaning,
    /// or no snippet asked for).
    static func section(firstLine: Int, text: String, firstMatch: Int?, definition: String?) -> String {
        let newlines = firstMatch.map { text.unicodeScalars.prefix($0).count { $0 == "\n" } } ?? 0
        return (definition.map { $0 + ", " } ?? "") + "line \(firstLine + newlines)"
    }
}
