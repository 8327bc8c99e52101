extension SearchQuery {
    /// Parses free text. Never fails: what cannot be read as syntax is read as words, and
    /// words with nothing searchable in them (punctuation, emoji) are dropped.
    public init(parsing text: String) {
        var required: [[Term]] = []
        var excluded: [Term] = []
        var typed: [Substring] = []
        var joinWithPrevious = false
        var excludeNext = false
        for lexeme in Self.lexemes(of: text) {
            switch lexeme {
            case .or:
                joinWithPrevious = !required.isEmpty
            case .and:
                continue
            case .not:
                excludeNext = true
            case let .term(text, isPhrase, isExcluded):
                let parsed = Self.term(from: text, allowPrefix: !isPhrase)
                let exclude = isExcluded || excludeNext
                excludeNext = false
                guard let term = parsed else { continue }
                if exclude {
                    excluded.append(term)
                } else if joinWithPrevious, !required.isEmpty {
                    required[required.count - 1].append(term)
                    typed.append(text)
                } else {
                    required.append([term])
                    typed.append(text)
                }
                joinWithPrevious = false
            }
        }
        self.init(required: required, excluded: excluded, meaningText: typed.joined(separator: " "))
    }

    private enum Lexeme: Equatable {
        case term(Substring, isPhrase: Bool, isExcluded: Bool)
        case or, and, not
    }

    /// Splits the text into operators and terms. A `"` opens a phrase only when another
    /// `"` closes it; a lone quote is a separator.
    private static func lexemes(of text: String) -> [Lexeme] {
        var lexemes: [Lexeme] = []
        var rest = Substring(text)
        while let first = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[first...]
            var excluded = false
            if rest.first == "-", let next = rest.dropFirst().first, next == "\"" || next.unicodeScalars.contains(where: FullTextTokenizer.isTokenScalar) {
                excluded = true
                rest = rest.dropFirst()
            }
            if rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") {
                lexemes.append(.term(rest[rest.index(after: rest.startIndex)..<close], isPhrase: true, isExcluded: excluded))
                rest = rest[rest.index(after: close)...]
                continue
            }
            let end = rest.firstIndex(where: { $0.isWhitespace || $0 == "\"" }) ?? rest.endIndex
            let word = rest[..<end]
            rest = rest[end...].drop(while: { $0 == "\"" })
            switch word {
            case "OR" where !excluded: lexemes.append(.or)
            case "AND" where !excluded: lexemes.append(.and)
            case "NOT" where !excluded: lexemes.append(.not)
            default: lexemes.append(.term(word, isPhrase: false, isExcluded: excluded))
            }
        }
        return lexemes
    }

    /// The term a word or phrase stands for, or `nil` when it holds no token. A word that
    /// FTS5 splits in several tokens (`lift-drag`, `e-mail`) becomes a phrase of them.
    private static func term(from text: Substring, allowPrefix: Bool) -> Term? {
        let tokens = FullTextTokenizer.tokens(in: text)
        guard !tokens.isEmpty else { return nil }
        let isPrefix = allowPrefix && text.hasSuffix("*") && tokens.last!.endIndex < text.endIndex
            && text[tokens.last!.endIndex...].allSatisfy { $0 == "*" }
        return Term(tokens: tokens.map(String.init), isPrefix: isPrefix, isPhrase: !allowPrefix)
    }
}
