public import FolioCore
internal import CCodeOutline
internal import Glibc

/// tree-sitter's parsers, in the library scripts/install-code-parsers.sh builds into a data
/// folder (`folio/tree-sitter/libfolio-code.so`): what finds the functions, classes and
/// top-level keys of source code, the sections of its hits. Loaded at run time, once a
/// process; without it code is read as plain text, found by its lines.
public final class CodeParsers: @unchecked Sendable {  // the C side keeps no state between calls
    /// A parse that takes longer (a generated file of megabytes) gives up: the file is read
    /// as plain text.
    static let timeoutMicroseconds: UInt64 = 5_000_000

    private let parsers: OpaquePointer
    /// The file loaded.
    public let library: String

    private init(parsers: OpaquePointer, library: String) {
        self.parsers = parsers
        self.library = library
    }

    /// The library in the data folders of this process's environment, looked for once.
    public static let installed: Result<CodeParsers, LoaderError> = Result { () throws(LoaderError) in
        try open(in: FolioPaths(environment: environment(["HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS"])))
    }

    /// Loads the library from the first of `paths`' data folders that has it.
    public static func open(in paths: FolioPaths) throws(LoaderError) -> CodeParsers {
        guard let library = CodeParsersInstall.find(in: paths)?.library else {
            throw .codeParsersMissing(lookedIn: CodeParsersInstall.candidates(in: paths))
        }
        var error = [CChar](repeating: 0, count: 512)
        guard let parsers = folio_code_open(library, &error, error.count) else {
            throw .codeParsersUnusable(library: library, reason: String(cMessage: error))
        }
        return CodeParsers(parsers: parsers, library: library)
    }

    /// The languages the library has parsers for.
    public var languages: [CodeLanguage] {
        CodeLanguage.allCases.filter { folio_code_has_language(parsers, $0.rawValue) != 0 }
    }

    /// The definitions of `text` read as `language`, in the text's order; `nil` when it
    /// could not be parsed in time or the library has no such parser.
    func definitions(of text: String, as language: CodeLanguage) -> [CodeDefinition]? {
        var text = text
        return text.withUTF8 { bytes -> [CodeDefinition]? in
            guard let base = bytes.baseAddress, bytes.count < Int(UInt32.max) else { return nil }
            var found: UnsafeMutablePointer<folio_code_definition>?
            // Why a parse failed is not kept: the file is read as plain text either way.
            let count = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                folio_code_outline(parsers, language.rawValue, $0, UInt32(bytes.count), Self.timeoutMicroseconds, &found, nil, 0)
            }
            defer { folio_code_free(found) }
            guard count >= 0, let found else { return count == 0 ? [] : nil }
            return UnsafeBufferPointer(start: found, count: count).map { definition in
                let name = definition.label.map { String(cString: $0) }
                    ?? String(decoding: bytes[Int(definition.name_start)..<Int(definition.name_end)], as: UTF8.self)
                return CodeDefinition(start: Int(definition.start), end: Int(definition.end),
                                      name: CodeDefinition.tidy(name, quoted: language.quotesNames))
            }
        }
    }

    private static func environment(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { if let value = getenv(name) { values[name] = String(cString: value) } }
        return values
    }
}

/// A function, class, method, type or top-level key: its bytes in the file's UTF-8 text
/// (which say the definitions around it, `CodeSections`), and its name.
struct CodeDefinition: Equatable {
    var start: Int
    var end: Int
    var name: String

    /// A name as a section shows it: on one line, without a data key's quotes, at most
    /// 80 characters (a Rust `impl` of a long generic type).
    static func tidy(_ name: String, quoted: Bool) -> String {
        var words = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if quoted, words.count >= 2, words.first == "\"", words.last == "\"" { words = String(words.dropFirst().dropLast()) }
        return words.count > 80 ? String(words.prefix(79)) + "…" : words
    }
}
