/// Why a configuration file was refused: always with the file, and the key where there is one.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case syntax(file: String, line: Int, column: Int, reason: String)
    case unknownKey(file: String, key: String)
    case wrongType(file: String, key: String, expected: String)
    case invalidValue(file: String, key: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            "cannot read configuration \(file): \(reason)"
        case let .syntax(file, line, column, reason):
            "\(file):\(line):\(column): invalid TOML: \(reason)"
        case let .unknownKey(file, key):
            "\(file): unknown key '\(key)'; see config.example.toml for the keys Folio reads"
        case let .wrongType(file, key, expected):
            "\(file): key '\(key)' must be \(expected)"
        case let .invalidValue(file, key, reason):
            "\(file): key '\(key)': \(reason)"
        }
    }
}
