/// The four kinds of string and their escapes, and the scanning under every line.
extension TOMLParser {
    mutating func basicString() throws(Failure) -> String {
        index += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek(), scalar != "\n" else { throw failure("a string is not closed on its line") }
            index += 1
            switch scalar {
            case "\"": return String(text)
            case "\\": text.append(try escape())
            default:
                guard !scalar.isControl || scalar == "\t" else { throw failure("a control character in a string must be escaped") }
                text.append(scalar)
            }
        }
    }

    mutating func multilineBasicString() throws(Failure) -> String {
        index += 3
        if peek() == "\n" { index += 1 } else if startsWith("\r\n") { index += 2 }
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else { throw failure("a \"\"\" string is not closed") }
            if startsWith("\"\"\"") {
                // Up to two quotes just before the closing three belong to the string.
                var extra = 0
                while extra < 2, index + 3 + extra < scalars.count, scalars[index + 3 + extra] == "\"" { extra += 1 }
                for _ in 0..<extra { text.append("\"") }
                index += 3 + extra
                return String(text)
            }
            index += 1
            if scalar == "\\" {
                // A backslash at the end of a line joins it to the next non-blank text.
                var lookahead = index
                while lookahead < scalars.count, scalars[lookahead] == " " || scalars[lookahead] == "\t" { lookahead += 1 }
                if lookahead < scalars.count, scalars[lookahead] == "\n" || scalars[lookahead] == "\r" {
                    index = lookahead
                    while let next = peek(), next == " " || next == "\t" || next == "\n" || next == "\r" { index += 1 }
                    continue
                }
                text.append(try escape())
            } else {
                guard !scalar.isControl || scalar == "\t" || scalar == "\n" || scalar == "\r" else {
                    throw failure("a control character in a string must be escaped")
                }
                text.append(scalar)
            }
        }
    }

    mutating func literalString() throws(Failure) -> String {
        index += 1
        let start = index
        while let scalar = peek(), scalar != "'" {
            guard scalar != "\n" else { throw failure("a string is not closed on its line") }
            guard !scalar.isControl || scalar == "\t" else { throw failure("a literal string cannot hold a control character") }
            index += 1
        }
        guard peek() == "'" else { throw failure("a string is not closed on its line") }
        index += 1
        return String(String.UnicodeScalarView(scalars[start..<(index - 1)]))
    }

    mutating func multilineLiteralString() throws(Failure) -> String {
        index += 3
        if peek() == "\n" { index += 1 } else if startsWith("\r\n") { index += 2 }
        let start = index
        while !startsWith("'''") {
            guard peek() != nil else { throw failure("a ''' string is not closed") }
            index += 1
        }
        let end = index
        index += 3
        // Up to two quotes just before the closing three belong to the string.
        var extra = 0
        while extra < 2, peek() == "'" {
            index += 1
            extra += 1
        }
        return String(String.UnicodeScalarView(scalars[start..<(end + extra)]))
    }

    mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let scalar = peek() else { throw failure("a string ends after a backslash") }
        index += 1
        switch scalar {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "e": return "\u{1B}"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let count = scalar == "u" ? 4 : 8
            guard index + count <= scalars.count,
                  let code = UInt32(String(String.UnicodeScalarView(scalars[index..<(index + count)])), radix: 16),
                  let escaped = Unicode.Scalar(code) else { throw failure("\\\(scalar) needs \(count) hexadecimal digits of a Unicode scalar") }
            index += count
            return escaped
        default:
            throw failure("\\\(scalar) is not an escape TOML knows")
        }
    }

    // MARK: Scanning

    func peek() -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    func startsWith(_ text: String) -> Bool {
        var offset = index
        for scalar in text.unicodeScalars {
            guard offset < scalars.count, scalars[offset] == scalar else { return false }
            offset += 1
        }
        return true
    }

    mutating func expect(_ scalar: Unicode.Scalar) throws(Failure) {
        guard peek() == scalar else { throw failure("expected \(scalar)") }
        index += 1
    }

    mutating func skipBlank() {
        while let scalar = peek(), scalar == " " || scalar == "\t" { index += 1 }
    }

    mutating func comment() throws(Failure) {
        while let scalar = peek(), scalar != "\n" {
            guard !scalar.isControl || scalar == "\t" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n") else {
                throw failure("a control character in a comment")
            }
            index += 1
        }
    }

    mutating func skipBlankLinesAndComments() throws(Failure) {
        while true {
            skipBlank()
            switch peek() {
            case "\n"?, "\r"?: index += 1
            case "#"?: try comment()
            default: return
            }
        }
    }

    /// After a key-value pair or a header: blanks, a comment, then the end of the line.
    mutating func endOfLine() throws(Failure) {
        skipBlank()
        if peek() == "#" { try comment() }
        if startsWith("\r\n") { index += 1 }
        guard peek() == nil || peek() == "\n" else { throw failure("expected the end of the line") }
    }

    func failure(_ reason: String) -> Failure {
        var line = 1
        var column = 1
        for scalar in scalars[..<min(index, scalars.count)] {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return Failure(line: line, column: column, reason: reason)
    }
}

/// What the TOML scanner asks of a character.
extension Unicode.Scalar {
    var isBareKey: Bool {
        ("A"..."Z").contains(self) || ("a"..."z").contains(self) || ("0"..."9").contains(self) || self == "_" || self == "-"
    }

    var isNumberPart: Bool {
        isBareKey || self == "+" || self == "." || self == ":"
    }

    var isControl: Bool { value < 0x20 || value == 0x7F }
}
