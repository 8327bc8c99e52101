/// A filter that cannot be understood, in an option (`folioq --after`) or in the query's own
/// fields (`after:2023-01`): what was given, and what would be. Never a silent empty result.
public enum FilterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `colour:red`: not one of `FilterSyntax.fields`.
    case unknownField(String)
    /// `-from:anna`: a field narrows; it cannot leave out.
    case excludedField(String)
    /// A field or option given without its value.
    case emptyValue(field: String)
    /// A field's or an option's value that does not parse: which, what, and what would.
    case badValue(field: String, value: String, expected: String)
    /// Two limits that no file can meet at once (`after:2024 before:2023`).
    case nothingBetween(String)

    public var description: String {
        switch self {
        case let .unknownField(name):
            "unknown field '\(name):' (the fields are \(FilterSyntax.fields.map { $0 + ":" }.joined(separator: " "))); "
                + "to search for the text itself, put it in double quotes"
        case let .excludedField(name):
            "'-\(name):' cannot leave documents out: a field only narrows the search (leave out words with -word)"
        case let .emptyValue(field):
            "\(field) needs a value"
        case let .badValue(field, value, expected):
            "\(field) '\(value)' is not understood: \(expected)"
        case let .nothingBetween(what):
            "no file can match: \(what)"
        }
    }
}
