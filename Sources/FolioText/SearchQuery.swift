/// A query as a person types it, translated into FTS5 `MATCH` expressions that can never
/// be a syntax error.
///
/// Understood on purpose: `"exact phrase"`, `prefix*`, `-excluded` (and `NOT word`), and
/// `OR` between two terms. `AND` is the default and is accepted as a word of no meaning.
/// Everything else is text: every term is double-quoted in the expression, so punctuation
/// such as `(`, `:`, `^` or a lone `"` cannot reach the FTS5 parser as syntax.
///
/// Related SQLite documentation: <https://www.sqlite.org/fts5.html#full_text_query_syntax>
public struct SearchQuery: Sendable, Equatable {
    /// A word or phrase to match: its tokens, in order, and whether the last is a prefix.
    public struct Term: Sendable, Equatable, Hashable {
        public var tokens: [String]
        public var isPrefix: Bool
        /// Typed in quotes: these words, in this order, exactly.
        public var isPhrase: Bool

        public init(tokens: [String], isPrefix: Bool = false, isPhrase: Bool = false) {
            self.tokens = tokens
            self.isPrefix = isPrefix
            self.isPhrase = isPhrase
        }

        /// `"a b"` or `"a b" *`. Tokens hold letters and digits only (`FullTextTokenizer`),
        /// so the quotes need no escaping.
        public var expression: String {
            let quoted = "\"" + tokens.joined(separator: " ") + "\""
            return isPrefix ? quoted + " *" : quoted
        }
    }

    /// Groups that must all match; each group matches when any of its terms does (`OR`).
    public var required: [[Term]]
    /// Terms no result may contain.
    public var excluded: [Term]
    /// The required terms as typed, punctuation and case kept, without operators or
    /// exclusions: what is searched by meaning. (The model reads "lift-drag ratio?" better
    /// than the index's tokens: on CISI, nDCG@10 0.435 against 0.434, docs/benchmarks.md.)
    public var meaningText: String

    public init(required: [[Term]], excluded: [Term], meaningText: String? = nil) {
        self.required = required
        self.excluded = excluded
        self.meaningText = meaningText ?? required.joined().map { $0.tokens.joined(separator: " ") }.joined(separator: " ")
    }

    /// Whether nothing positive is left to search for (empty, only punctuation or only
    /// exclusions): such a query matches nothing.
    public var isEmpty: Bool { required.isEmpty }

    /// Whether a term asks for exact words (`"a phrase"`, `prefix*`): such a query keeps
    /// its lexical meaning and is not searched by meaning.
    public var asksForExactWords: Bool {
        required.joined().contains { $0.isPhrase || $0.isPrefix }
    }

    /// Matches the chunks that contain every required group.
    public var allTermsExpression: String? {
        guard !required.isEmpty else { return nil }
        let groups = required.map { group in
            group.count == 1 ? group[0].expression : "(" + group.map(\.expression).joined(separator: " OR ") + ")"
        }
        return withExclusions(groups.joined(separator: " AND "))
    }

    /// Matches the chunks that contain any required term; `nil` when that is the same as
    /// `allTermsExpression` (a single group). A term typed twice stays twice: BM25 then
    /// weighs it twice, which is what a long question that repeats its topic means.
    public var anyTermExpression: String? {
        guard required.count > 1 else { return nil }
        return withExclusions(required.joined().map(\.expression).joined(separator: " OR "))
    }

    private func withExclusions(_ positive: String) -> String {
        guard !excluded.isEmpty else { return positive }
        return "(" + positive + ")" + excluded.map { " NOT " + $0.expression }.joined()
    }
}
