/// The section of each line of a source file: the definition it is in, named with those
/// around it (`Parser.parseConfig`), or none between definitions. A definition's lines are
/// those its node spans, and the comments, decorators and attributes right above it.
///
/// Only definitions of at least `minimumWords` are sections: a chunk never straddles two
/// sections, so every three-line method as a section of its own would cut code into chunks
/// of a few words each. A smaller definition is part of the one around it; its lines' own
/// definition (`innermost`) names its hits from the chunk's outline (`Chunk.outline`). The
/// indexer asks for a chunk's worth of words (docs/benchmarks.md, "Code's definitions as
/// sections", weighs the choices).
struct CodeSections {
    /// A line of the file: where it starts in the text's UTF-8 bytes, and its text.
    struct Line {
        var start: Int
        var text: Substring
    }

    static func of(_ lines: [Line], in text: String.UTF8View, definitions: [CodeDefinition], language: CodeLanguage,
                   minimumWords: Int) -> [String?] {
        innermost(lines, definitions: definitions.filter { Self.words(in: text, from: $0.start, to: $0.end, atLeast: minimumWords) },
                  language: language)
    }

    /// The innermost of `definitions` each line is in, named with those around it; with
    /// every definition, however small, what a hit in a small one says (`TextLine.definition`).
    static func innermost(_ lines: [Line], definitions: [CodeDefinition], language: CodeLanguage) -> [String?] {
        guard !definitions.isEmpty else { return Array(repeating: nil, count: lines.count) }
        let firstLines = Self.firstLines(of: definitions, in: lines, leading: language.leadingLines)
        var sections: [String?] = []
        sections.reserveCapacity(lines.count)
        var open: [(end: Int, name: String)] = []
        var next = 0
        for (index, line) in lines.enumerated() {
            while let last = open.last, last.end <= line.start { open.removeLast() }
            while next < definitions.count, firstLines[next] <= index {
                let definition = definitions[next]
                while let last = open.last, last.end <= definition.start { open.removeLast() }
                open.append((definition.end, open.last.map { $0.name + "." + definition.name } ?? definition.name))
                next += 1
            }
            sections.append(open.last?.name)
        }
        return sections
    }

    /// The line each definition starts on, moved up over the comments and attributes just
    /// above it, never above the definition before it.
    private static func firstLines(of definitions: [CodeDefinition], in lines: [Line], leading: [String]) -> [Int] {
        var firstLines: [Int] = []
        firstLines.reserveCapacity(definitions.count)
        var lowest = 0
        for definition in definitions {
            var first = line(containing: definition.start, in: lines)
            while first > lowest, Self.leads(lines[first - 1].text, leading) { first -= 1 }
            lowest = max(lowest, first)
            firstLines.append(lowest)
        }
        return firstLines
    }

    /// Whether the bytes from `start` to `end` hold at least `minimum` words (runs of
    /// letters, digits and `_`, any non-ASCII character counting as a letter).
    static func words(in text: String.UTF8View, from start: Int, to end: Int, atLeast minimum: Int) -> Bool {
        guard minimum > 0 else { return true }
        var (count, inWord) = (0, false)
        let from = text.index(text.startIndex, offsetBy: start)
        for byte in text[from..<text.index(from, offsetBy: end - start)] {
            let wordByte = byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
            if wordByte, !inWord {
                count += 1
                if count >= minimum { return true }
            }
            inWord = wordByte
        }
        return false
    }

    private static func leads(_ text: Substring, _ prefixes: [String]) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        return prefixes.contains { trimmed.hasPrefix($0) }
    }

    /// The index of the last line starting at or before `offset`.
    private static func line(containing offset: Int, in lines: [Line]) -> Int {
        var (low, high) = (0, lines.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if lines[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
