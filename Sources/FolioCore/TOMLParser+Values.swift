/// The values of TOML: booleans, arrays, inline tables, numbers.
extension TOMLParser {
    mutating func value() throws(Failure) -> TOMLValue {
        guard let scalar = peek() else { throw failure("expected a value") }
        switch scalar {
        case "\"": return .string(startsWith("\"\"\"") ? try multilineBasicString() : try basicString())
        case "'": return .string(startsWith("'''") ? try multilineLiteralString() : try literalString())
        case "[": return try array()
        case "{": return try inlineTable()
        case "t", "f": return try boolean()
        default: return try number()
        }
    }

    mutating func boolean() throws(Failure) -> TOMLValue {
        if startsWith("true") {
            index += 4
            return .boolean(true)
        }
        if startsWith("false") {
            index += 5
            return .boolean(false)
        }
        throw failure("expected a value (a string needs quotes)")
    }

    mutating func array() throws(Failure) -> TOMLValue {
        index += 1
        var elements: [TOMLValue] = []
        while true {
            try skipBlankLinesAndComments()
            if peek() == "]" {
                index += 1
                return .array(elements)
            }
            elements.append(try value())
            try skipBlankLinesAndComments()
            switch peek() {
            case ","?: index += 1
            case "]"?: continue
            default: throw failure("expected , or ] in an array")
            }
        }
    }

    mutating func inlineTable() throws(Failure) -> TOMLValue {
        index += 1
        var parser = TOMLParser(scalars: [])
        skipBlank()
        if peek() == "}" {
            index += 1
            return .table(TOMLTable())
        }
        while true {
            skipBlank()
            let key = try dottedKey()
            skipBlank()
            try expect("=")
            skipBlank()
            let value = try value()
            do {
                try parser.set(key, to: value, in: [])
            } catch {
                throw failure(error.reason)
            }
            skipBlank()
            switch peek() {
            case ","?: index += 1
            case "}"?:
                index += 1
                return .table(parser.root)
            default: throw failure("expected , or } in an inline table (which stays on one line)")
            }
        }
    }

    mutating func number() throws(Failure) -> TOMLValue {
        let start = index
        while let scalar = peek(), scalar.isNumberPart { index += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        if text.contains(":") || (text.count == 10 && text.filter { $0 == "-" }.count == 2 && !text.hasPrefix("-")) {
            throw failure("dates and times are not used in Folio's configuration")
        }
        if let value = Self.integer(text) { return .integer(value) }
        if let value = Self.float(text) { return .float(value) }
        index = start
        guard let first = text.unicodeScalars.first, !("a"..."z").contains(first), !("A"..."Z").contains(first) else {
            throw failure("expected a value (a string needs quotes)")
        }
        throw failure("\(text) is not a number")
    }

    private static func integer(_ text: String) -> Int64? {
        var digits = Substring(text)
        var sign: Int64 = 1
        if let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        var radix = 10
        for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            guard sign == 1, text.first != "+" else { return nil }
            radix = base
            digits = digits.dropFirst(2)
        }
        guard Self.underscoresAreBetweenDigits(digits) else { return nil }
        let plain = digits.filter { $0 != "_" }
        if radix == 10, plain.count > 1, plain.hasPrefix("0") { return nil }
        guard let magnitude = Int64(plain, radix: radix) else { return nil }
        return sign * magnitude
    }

    private static func float(_ text: String) -> Double? {
        var body = Substring(text)
        let negative = body.first == "-"
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        if body == "inf" { return negative ? -.infinity : .infinity }
        if body == "nan" { return .nan }
        guard underscoresAreBetweenDigits(body), body.first?.isNumber == true else { return nil }
        let plain = body.filter { $0 != "_" }
        // A decimal point needs digits on both sides; a leading zero stands alone.
        if let dot = plain.firstIndex(of: ".") {
            let after = plain[plain.index(after: dot)...]
            guard after.first?.isNumber == true else { return nil }
        }
        let mantissa = plain.prefix { $0 != "e" && $0 != "E" }
        let integerPart = mantissa.prefix { $0 != "." }
        if integerPart.count > 1, integerPart.hasPrefix("0") { return nil }
        guard plain.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return nil }
        return Double(String(plain)).map { negative ? -$0 : $0 }
    }

    private static func underscoresAreBetweenDigits(_ text: Substring) -> Bool {
        let characters = Array(text)
        for (offset, character) in characters.enumerated() where character == "_" {
            guard offset > 0, offset < characters.count - 1, characters[offset - 1].isHexDigit, characters[offset + 1].isHexDigit else {
                return false
            }
        }
        return true
    }
}
