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

    let scalars: [Unicode.Scalar]
    var index = 0
    var root = TOMLTable()
    /// The table `key = value` lines go to, as a path from the root.
    var current: [PathStep] = []
    /// Tables opened by a header or defined by a dotted key, and inline tables and static
    /// arrays, which cannot be added to afterwards.
    var defined: Set<[String]> = []
    var sealed: Set<[String]> = []

    enum PathStep: Hashable {
        case key(String)
        /// The last table of an array of tables.
        case lastOf(String)
    }

    public static func parse(_ text: String) throws(Failure) -> TOMLTable {
        var parser = TOMLParser(scalars: Array(text.unicodeScalars))
        try parser.document()
        return parser.root
    }

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    // MARK: Lines

    mutating func document() throws(Failure) {
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

    mutating func header() throws(Failure) {
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

    mutating func keyValue(into base: [PathStep]) throws(Failure) {
        let key = try dottedKey()
        skipBlank()
        try expect("=")
        skipBlank()
        let value = try value()
        try set(key, to: value, in: base)
        try endOfLine()
    }

    /// Sets `key` (dotted: the tables on the way are created and count as defined).
    mutating func set(_ key: [String], to value: TOMLValue, in base: [PathStep]) throws(Failure) {
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
    func path(of steps: [PathStep]) -> [String] {
        steps.map { step in
            switch step {
            case let .key(name): name
            case let .lastOf(name): name + "[]"
            }
        }
    }

    /// Changes the table at `steps`, creating the tables on the way. An inline table or an
    /// array given as a value is complete: nothing may be added to it afterwards.
    mutating func modify(_ steps: [PathStep], _ change: (inout TOMLTable) throws(Failure) -> Void) throws(Failure) {
        var table = root
        try modify(&table, steps[...], walked: [], change)
        root = table
    }

    func modify(_ table: inout TOMLTable, _ steps: ArraySlice<PathStep>, walked: [PathStep],
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

    mutating func dottedKey() throws(Failure) -> [String] {
        var parts = [try simpleKey()]
        while true {
            skipBlank()
            guard peek() == "." else { return parts }
            index += 1
            skipBlank()
            parts.append(try simpleKey())
        }
    }

    mutating func simpleKey() throws(Failure) -> String {
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
}
