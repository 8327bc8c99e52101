/// Reads TOML 1.0 text into a `TOMLTable`: comments, bare, quoted and dotted keys, tables
/// and arrays of tables, the four kinds of string with their escapes, integers (decimal,
/// hexadecimal, octal, binary, with `_`), floats (`inf` and `nan` too), booleans, arrays
/// and inline tables. Date-times are refused with a reason (Folio's configuration has
/// none). A key defined twice, or a table opened twice, is an error, as the format says.
///
/// Folio's own, so that the programs need no Foundation (the TOML library it used before
/// brought Foundation's calendars and ICU's data into every program; docs/benchmarks.md).
///
/// Related documentation: <https://toml.io/en/v1.0.0>
public struct TOMLParser {
    /// Where the text is not TOML: 1-based line and column, and why.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var reason: String

        public var description: String { "\(line):\(column): \(reason)" }
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var root = TOMLTable()
    /// The table `key = value` lines go to, as a path from the root.
    private var current: [PathStep] = []
    /// Tables opened by a header or defined by a dotted key, and inline tables and static
    /// arrays, which cannot be added to afterwards.
    private var defined: Set<[String]> = []
    private var sealed: Set<[String]> = []

    private enum PathStep: Hashable {
        case key(String)
        /// The last table of an array of tables.
        case lastOf(String)
    }

    public static func parse(_ text: String) throws(Failure) -> TOMLTable {
        var parser = TOMLParser(scalars: Array(text.unicodeScalars))
        try parser.document()
        return parser.root
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    // MARK: Lines

    private mutating func document() throws(Failure) {
        while true {
            skipBlank()
            guard let scalar = peek() else { return }
            switch scalar {
            case "\n": index += 1
            case "#": try comment()
            case "[": try header()
            default: try keyValue(into: current)
            }
        }
    }

    private mutating func header() throws(Failure) {
        index += 1
        let isArray = peek() == "["
        if isArray { index += 1 }
        skipBlank()
        let names = try dottedKey()
        skipBlank()
        try expect("]")
        if isArray { try expect("]") }
        try endOfLine()
        if isArray {
            let parent = Array(names.dropLast().map(PathStep.key))
            let last = names.last!
            // The closure must not reach `self`, which `modify` holds: what it needs is
            // taken first.
            let isStatic = sealed.contains(path(of: parent) + [last])
            let notAnArray = failure("\(names.joined(separator: ".")) is already defined as something else than an array of tables")
            try modify(parent) { (table: inout TOMLTable) throws(Failure) in
                switch table[last] {
                case nil: table[last] = .array([.table(TOMLTable())])
                case var .array(elements)? where !isStatic:
                    elements.append(.table(TOMLTable()))
                    table[last] = .array(elements)
                default: throw notAnArray
                }
            }
            // A new table of the array: the tables below the previous one may be opened again.
            let prefix = path(of: parent) + [last]
            defined = defined.filter { !$0.starts(with: prefix) }
            current = parent + [.lastOf(last)]
        } else {
            let steps = names.map(PathStep.key)
            let resolved = path(of: steps)
            guard !defined.contains(resolved) else { throw failure("table [\(names.joined(separator: "."))] is defined twice") }
            let notATable = failure("\(names.joined(separator: ".")) is already defined as something else than a table")
            try modify(Array(steps.dropLast())) { (table: inout TOMLTable) throws(Failure) in
                switch table[names.last!] {
                case nil: table[names.last!] = .table(TOMLTable())
                case .table?: break
                default: throw notATable
                }
            }
            defined.insert(resolved)
            current = steps
        }
    }

    private mutating func keyValue(into base: [PathStep]) throws(Failure) {
        let key = try dottedKey()
        skipBlank()
        try expect("=")
        skipBlank()
        let value = try value()
        try set(key, to: value, in: base)
        try endOfLine()
    }

    /// Sets `key` (dotted: the tables on the way are created and count as defined).
    private mutating func set(_ key: [String], to value: TOMLValue, in base: [PathStep]) throws(Failure) {
        let parents = base + key.dropLast().map(PathStep.key)
        for depth in 0..<(key.count - 1) { defined.insert(path(of: base + key.prefix(depth + 1).map(PathStep.key))) }
        let last = key.last!
        let twice = failure("key \(key.joined(separator: ".")) is defined twice")
        try modify(parents) { (table: inout TOMLTable) throws(Failure) in
            guard table[last] == nil else { throw twice }
            table[last] = value
        }
        switch value {
        case .table, .array: sealed.insert(path(of: parents) + [last])
        default: break
        }
    }

    /// The keys of a path, arrays of tables shown by their name.
    private func path(of steps: [PathStep]) -> [String] {
        steps.map { step in
            switch step {
            case let .key(name): name
            case let .lastOf(name): name + "[]"
            }
        }
    }

    /// Changes the table at `steps`, creating the tables on the way. An inline table or an
    /// array given as a value is complete: nothing may be added to it afterwards.
    private mutating func modify(_ steps: [PathStep], _ change: (inout TOMLTable) throws(Failure) -> Void) throws(Failure) {
        var table = root
        try modify(&table, steps[...], walked: [], change)
        root = table
    }

    private func modify(_ table: inout TOMLTable, _ steps: ArraySlice<PathStep>, walked: [PathStep],
                        _ change: (inout TOMLTable) throws(Failure) -> Void) throws(Failure) {
        guard let step = steps.first else { return try change(&table) }
        let here = walked + [step]
        switch step {
        case let .key(name):
            var inner = TOMLTable()
            switch table[name] {
            case nil: break
            case let .table(existing)?:
                guard !sealed.contains(path(of: here)) else { throw failure("\(path(of: here).joined(separator: ".")) is an inline table, complete as written") }
                inner = existing
            case .array? where !sealed.contains(path(of: here)):
                // An array of tables: a key below it means its last table.
                return try modify(&table, [.lastOf(name)] + steps.dropFirst(), walked: walked, change)
            default: throw failure("\(path(of: here).joined(separator: ".")) is not a table")
            }
            try modify(&inner, steps.dropFirst(), walked: here, change)
            table[name] = .table(inner)
        case let .lastOf(name):
            guard case var .array(elements)? = table[name], case var .table(inner)? = elements.last else {
                throw failure("\(name) is not an array of tables")
            }
            try modify(&inner, steps.dropFirst(), walked: here, change)
            elements[elements.count - 1] = .table(inner)
            table[name] = .array(elements)
        }
    }

    // MARK: Keys

    private mutating func dottedKey() throws(Failure) -> [String] {
        var parts = [try simpleKey()]
        while true {
            skipBlank()
            guard peek() == "." else { return parts }
            index += 1
            skipBlank()
            parts.append(try simpleKey())
        }
    }

    private mutating func simpleKey() throws(Failure) -> String {
        switch peek() {
        case "\""?: return try basicString()
        case "'"?: return try literalString()
        default:
            let start = index
            while let scalar = peek(), scalar.isBareKey { index += 1 }
            guard index > start else { throw failure("expected a key") }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }
    }

    // MARK: Values

    private mutating func value() throws(Failure) -> TOMLValue {
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

    private mutating func boolean() throws(Failure) -> TOMLValue {
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

    private mutating func array() throws(Failure) -> TOMLValue {
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

    private mutating func inlineTable() throws(Failure) -> TOMLValue {
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

    private mutating func number() throws(Failure) -> TOMLValue {
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

    // MARK: Strings

    private mutating func basicString() throws(Failure) -> String {
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

    private mutating func multilineBasicString() throws(Failure) -> String {
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

    private mutating func literalString() throws(Failure) -> String {
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

    private mutating func multilineLiteralString() throws(Failure) -> String {
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

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
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

    private func peek() -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private func startsWith(_ text: String) -> Bool {
        var offset = index
        for scalar in text.unicodeScalars {
            guard offset < scalars.count, scalars[offset] == scalar else { return false }
            offset += 1
        }
        return true
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(Failure) {
        guard peek() == scalar else { throw failure("expected \(scalar)") }
        index += 1
    }

    private mutating func skipBlank() {
        while let scalar = peek(), scalar == " " || scalar == "\t" { index += 1 }
    }

    private mutating func comment() throws(Failure) {
        while let scalar = peek(), scalar != "\n" {
            guard !scalar.isControl || scalar == "\t" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n") else {
                throw failure("a control character in a comment")
            }
            index += 1
        }
    }

    private mutating func skipBlankLinesAndComments() throws(Failure) {
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
    private mutating func endOfLine() throws(Failure) {
        skipBlank()
        if peek() == "#" { try comment() }
        if startsWith("\r\n") { index += 1 }
        guard peek() == nil || peek() == "\n" else { throw failure("expected the end of the line") }
    }

    private func failure(_ reason: String) -> Failure {
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

private extension Unicode.Scalar {
    var isBareKey: Bool {
        ("A"..."Z").contains(self) || ("a"..."z").contains(self) || ("0"..."9").contains(self) || self == "_" || self == "-"
    }

    var isNumberPart: Bool {
        isBareKey || self == "+" || self == "." || self == ":"
    }

    var isControl: Bool { value < 0x20 || value == 0x7F }
}
