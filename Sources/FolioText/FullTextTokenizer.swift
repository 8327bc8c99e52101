/// The word splitting of SQLite FTS5's `unicode61` tokenizer as configured in
/// `Migrations/v0001_core.sql`: a token is a run of letters, numbers and private-use
/// characters (Unicode categories L*, N*, Co); everything else separates tokens.
///
/// `SearchQuery` splits typed words the same way, so it knows which words give FTS5
/// something to match: a term with no tokens (`"…"`, an emoji) is dropped instead of
/// making an `AND` impossible to satisfy.
///
/// Related SQLite documentation: <https://www.sqlite.org/fts5.html#unicode61_tokenizer>
public enum FullTextTokenizer {
    /// Whether FTS5 counts this scalar as part of a token.
    public static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            true
        default:
            false
        }
    }

    /// Whether FTS5 counts this character as part of a token (its first scalar decides: a
    /// letter with its accents is one character).
    public static func isTokenCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(isTokenScalar) ?? false
    }

    /// The tokens of `text`, lowercased, with where each is in Unicode scalars: the words a
    /// page marks (`WordMarks`), as FTS5 found them.
    public static func tokenOffsets(in text: String) -> [(token: String, start: Int, end: Int)] {
        var found: [(String, Int, Int)] = []
        var current = String.UnicodeScalarView()
        var start = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if isTokenScalar(scalar) {
                if current.isEmpty { start = offset }
                current.append(scalar)
            } else if !current.isEmpty {
                found.append((String(current).lowercased(), start, offset))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { found.append((String(current).lowercased(), start, text.unicodeScalars.count)) }
        return found
    }

    /// The tokens of `text`, in order, as they were typed (FTS5 folds case and diacritics).
    public static func tokens(in text: Substring) -> [Substring] {
        var tokens: [Substring] = []
        var start: String.Index?
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            if isTokenScalar(scalars[index]) {
                if start == nil { start = index }
            } else if let tokenStart = start {
                tokens.append(Substring(scalars[tokenStart..<index]))
                start = nil
            }
            index = scalars.index(after: index)
        }
        if let tokenStart = start { tokens.append(Substring(scalars[tokenStart..<index])) }
        return tokens
    }
}
