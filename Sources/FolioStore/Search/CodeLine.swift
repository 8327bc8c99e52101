/// The line of a source file a match is on: the chunk's first line (`Chunk.firstLine`)
/// plus the newlines of the chunk's text before the match, which keeps the blank lines
/// between its lines. What a hit in code says as its section: `line 42`, after the
/// definition that line is in where the parsers found one (`Parser.parseConfig, line 42`):
/// the chunk's outline's (`Chunk.outline`) for a line in a small definition, else the
/// chunk's section.
enum CodeLine {
    /// The match's line, or the chunk's first without a match located (found by meaning,
    /// or no snippet asked for).
    static func section(firstLine: Int, text: String, firstMatch: Int?, definition: String?, outline: String? = nil) -> String {
        let newlines = firstMatch.map { text.unicodeScalars.prefix($0).count { $0 == "\n" } } ?? 0
        let name = outline.map { named(line: newlines, in: $0) } ?? definition
        return (name.map { $0 + ", " } ?? "") + "line \(firstLine + newlines)"
    }

    /// The name the outline gives the chunk's line `line` (0 its first): its last entry at
    /// or before it; `nil` for a line in no definition.
    static func named(line: Int, in outline: String) -> String? {
        var name: Substring?
        for entry in outline.split(separator: "\n") {
            guard let tab = entry.firstIndex(of: "\t"), let from = Int(entry[..<tab]) else { continue }
            if from > line { break }
            name = entry[entry.index(after: tab)...]
        }
        return name.flatMap { $0.isEmpty ? nil : String($0) }
    }
}
