/// The fields a query may hold besides its words, as Recoll's and mail programs' searches
/// have them: `invoice after:2023-01 from:anna`, `report type:pdf size:>1M`,
/// `from:"Anna Berg"`. Every front end reads them here, so they mean the same in `folioq`,
/// the launchers, the window, MCP and `FolioEngine`; `folioq`'s options (`--after` …) are
/// the same fields (`SearchFilters.add`).
///
/// A field is a word of letters, a colon and a value, at the start of a word and outside
/// double quotes. Text that only looks like one stays text: a colon followed by a space
/// (`Note: …`) or another colon (AsciiDoc's `term::`, C++'s `std::vector`), a URL
/// (`https://…`), a time (`10:30`), anything in quotes.
public enum FilterSyntax {
    /// The fields, in the order help lists them.
    public static let fields = ["after", "before", "date", "since", "size", "type", "ext", "dir", "name", "author", "from", "to"]

    /// The text without its fields, each field added to `filters`. Throws for a field not
    /// known, a value not understood, or limits nothing can meet.
    public static func extract(_ text: String, into filters: inout SearchFilters, now: Int64) throws(FilterError) -> String {
        let characters = Array(text)
        var kept = ""
        var index = 0
        var inQuotes = false
        while index < characters.count {
            let character = characters[index]
            let startsWord = index == 0 || characters[index - 1].isWhitespace || characters[index - 1] == "("
            if !inQuotes, startsWord, let field = try fieldStarting(in: characters, at: index) {
                guard !field.excluded else { throw .excludedField(field.name) }
                try filters.add(field: field.name, value: field.value, now: now)
                index = field.end
                continue
            }
            if character == "\"" { inQuotes.toggle() }
            kept.append(character)
            index += 1
        }
        return kept
    }

    /// The field that starts at `start`, if one does: its name (lower case), value, whether
    /// a `-` before it asks to leave out, and where it ends. Throws for a name not known.
    private static func fieldStarting(in characters: [Character], at start: Int) throws(FilterError)
        -> (name: String, value: String, excluded: Bool, end: Int)? {
        var index = start
        let excluded = characters[index] == "-"
        if excluded { index += 1 }
        let nameStart = index
        while index < characters.count, characters[index].isASCII, characters[index].isLetter { index += 1 }
        guard index - nameStart >= 2, index < characters.count, characters[index] == ":" else { return nil }
        // Appended one by one: `String(_:)` of a slice of characters took the generic path,
        // more instructions than the rest of a query's filters.
        var name = ""
        for character in characters[nameStart..<index] { name.append(character) }
        name = name.lowercased()
        index += 1
        guard index < characters.count, !characters[index].isWhitespace, characters[index] != ":",
              !(characters[index] == "/" && index + 1 < characters.count && characters[index + 1] == "/") else { return nil }
        guard fields.contains(name) else { throw .unknownField(name) }
        var value = ""
        if characters[index] == "\"" {
            index += 1
            while index < characters.count, characters[index] != "\"" {
                value.append(characters[index])
                index += 1
            }
            index = min(index + 1, characters.count)
        } else {
            while index < characters.count, !characters[index].isWhitespace {
                value.append(characters[index])
                index += 1
            }
        }
        return (name, value, excluded, index)
    }
}

extension SearchFilters {
    /// Narrows these filters by one field (`after`, `size`, …) with its value as written:
    /// what `folioq --after 2023` and `after:2023` both do. Limits of time and size meet
    /// (`after:2022 before:2024`), as do people; types, extensions add choices.
    public mutating func add(field: String, value: String, now: Int64) throws(FilterError) {
        let value = value.trimmingSpaces
        guard !value.isEmpty else { throw .emptyValue(field: field) }
        func bad(_ expected: String) -> FilterError { .badValue(field: field, value: value, expected: expected) }
        switch field {
        case "after", "before", "date", "since":
            var span: TimeRange
            if field == "since", let moment = FilterValues.moment(age: value, now: now) {
                span = TimeRange(from: moment)
            } else {
                guard let period = FilterValues.period(value, now: now) else {
                    throw bad(field == "since" ? FilterValues.ageHelp : FilterValues.dateHelp)
                }
                switch field {
                case "before": span = TimeRange(until: period.from)
                case "date": span = period
                default: span = TimeRange(from: period.from)
                }
            }
            let met = (time ?? TimeRange()).intersection(span)
            guard !met.isEmpty else { throw .nothingBetween("\(field) \(value) leaves no time within the other dates given") }
            time = met
        case "size":
            guard let sizes = FilterValues.sizes(value) else { throw bad(FilterValues.sizeHelp) }
            let met = (size ?? SizeRange()).intersection(sizes)
            guard !met.isEmpty else { throw .nothingBetween("size \(value) leaves no size within the other sizes given") }
            size = met
        case "type":
            for choice in value.split(separator: ",") {
                guard let kind = DocumentKind(rawValue: choice.lowercased()) else {
                    throw bad("give a type among \(DocumentKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                kinds.insert(kind)
            }
        case "ext":
            for choice in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let found = FilterValues.fileExtension(String(choice)) else { throw bad(FilterValues.extensionHelp) }
                extensions.insert(found)
            }
        case "dir":
            var folder = value
            while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            if folder.hasPrefix("/") || folder == "~" || folder.hasPrefix("~/") {
                let path = AbsolutePath.normalise(FolioPaths.expandingTilde(folder, home: FilterValues.home), relativeTo: "/")
                guard let narrowed = scope.narrowed(toTree: path) else {
                    throw .nothingBetween("dir \(value) is outside the folder the search is already narrowed to")
                }
                scope = narrowed
            } else {
                guard !folder.hasPrefix("."), !folder.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
                    throw bad("a folder from / or ~ (dir:~/tax), or a folder's name found anywhere (dir:tax)")
                }
                folderNames.insert(folder)
            }
        case "name":
            guard name == nil else { throw .nothingBetween("give one name pattern, not two") }
            guard let pattern = NamePattern(value) else { throw bad("a name has no '/': narrow by folder with --path") }
            name = pattern
        case "author", "from", "to":
            people.append(PersonMatch(role: PersonMatch.Role(rawValue: field)!, text: value))
        default:
            throw .unknownField(field)
        }
    }
}

extension String {
    /// Without white space at either end. By index, on scalars: the lazy reversed views
    /// it was written with cost a filtered `folioq` more, in the Swift runtime making their
    /// types, than the search's own filtering (docs/benchmarks.md).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
