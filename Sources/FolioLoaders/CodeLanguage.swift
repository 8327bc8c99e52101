/// A language whose definitions Folio reads with tree-sitter (`CodeParsers`): the grammars
/// scripts/install-code-parsers.sh builds, by the extensions of their files.
public enum CodeLanguage: String, Sendable, CaseIterable {
    case python, javascript, c, cpp, go, rust, java, bash, swift, json, toml, sql

    /// The language of a file with `fileExtension` (lower case, without the dot).
    public init?(fileExtension: String) {
        switch fileExtension {
        case "py", "pyi": self = .python
        case "js", "mjs", "cjs", "jsx": self = .javascript
        case "c", "h": self = .c
        case "cc", "cpp", "cxx", "hpp", "hh": self = .cpp
        case "go": self = .go
        case "rs": self = .rust
        case "java": self = .java
        case "sh", "bash": self = .bash
        case "swift": self = .swift
        case "json": self = .json
        case "toml": self = .toml
        case "sql": self = .sql
        default: return nil
        }
    }

    /// How the lines that belong to the definition below them begin: its comments, its
    /// decorators and attributes. tree-sitter leaves them out of the definition's node;
    /// a reader of the section expects the doc comment in it.
    var leadingLines: [String] {
        switch self {
        case .python: ["#", "@"]
        case .bash, .toml: ["#"]
        case .go: ["//"]
        case .c, .cpp: ["//", "/*", "*"]
        case .sql: ["--", "/*", "*"]
        case .rust: ["//", "/*", "*", "#["]
        case .javascript, .java, .swift: ["//", "/*", "*", "@"]
        case .json: []
        }
    }

    /// Data files' top-level keys are names in quotes (`"dependencies"`).
    var quotesNames: Bool { self == .json }
}
