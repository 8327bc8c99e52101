import Testing
@testable import FolioText

@Suite struct SearchQueryTests {
    private func query(_ text: String) -> SearchQuery { SearchQuery(parsing: text) }

    @Test(arguments: [
        ("tax 2023", #""tax" AND "2023""#, #""tax" OR "2023""#),
        ("lift-drag", #""lift drag""#, nil),
        ("\"exact phrase\" word", #""exact phrase" AND "word""#, #""exact phrase" OR "word""#),
        ("connect*", #""connect" *"#, nil),
        ("tax -draft", #"("tax") NOT "draft""#, nil),
        ("tax NOT draft", #"("tax") NOT "draft""#, nil),
        ("tax -\"first draft\"", #"("tax") NOT "first draft""#, nil),
        ("cats OR dogs food", #"("cats" OR "dogs") AND "food""#, #""cats" OR "dogs" OR "food""#),
        ("cats AND dogs", #""cats" AND "dogs""#, #""cats" OR "dogs""#),
        ("(a)", #""a""#, nil),
        ("don't", #""don t""#, nil),
        ("Café naïve", #""Café" AND "naïve""#, #""Café" OR "naïve""#),
        ("e-mail 2023-04-01", #""e mail" AND "2023 04 01""#, #""e mail" OR "2023 04 01""#),
        ("snake_case", #""snake case""#, nil),
        ("\"*\" x", #""x""#, nil),
        ("tax tax", #""tax" AND "tax""#, #""tax" OR "tax""#),
    ] as [(String, String, String?)])
    func translation(text: String, all: String, any: String?) {
        #expect(query(text).allTermsExpression == all)
        #expect(query(text).anyTermExpression == any)
    }

    /// Inputs that must never reach FTS5 as syntax. They give an expression made only of
    /// quoted tokens, or nothing to search.
    @Test(arguments: [
        "\"", "\"\"", "\"unclosed phrase", ":", "a:b", "AND", "OR", "NOT", "OR OR", "a OR", "OR a", "-", "--", "-a",
        "*", "**", "a**", "^a", "a^b", "NEAR(a b)", "a + b", "{a b}", "col:a", "'", "\\", "(", ")", "()", "((a)", "😀",
        "tax 😀", "👍🏽 report", "\u{0}", "a\u{0}b", "\u{FEFF}x", "a - b", "- a", "-\"", "\"-a\"", "中文 搜索", "NOT NOT a",
        String(repeating: "lorem ipsum \"dolor\" sit-amet (x) ", count: 120),
    ])
    func nastyInput_givesOnlyQuotedTokens(text: String) {
        let parsed = query(text)
        for expression in [parsed.allTermsExpression, parsed.anyTermExpression].compactMap({ $0 }) {
            // Strip the quoted strings: what is left may only be operators and brackets.
            var outside = ""
            var inQuotes = false
            for character in expression {
                if character == "\"" { inQuotes.toggle() } else if !inQuotes { outside.append(character) }
            }
            #expect(!inQuotes, "balanced quotes in \(expression)")
            let allowed = outside.split(separator: " ").allSatisfy { ["AND", "OR", "NOT", "(", ")", "*"].contains(String($0)) || $0.allSatisfy { "()".contains($0) } }
            #expect(allowed, "only operators outside quotes: \(expression)")
        }
    }

    @Test(arguments: ["", "   ", "-excluded", "😀", "\"\"", "* - :", "NOT x"])
    func queryWithNothingToFind_isEmpty(text: String) {
        #expect(query(text).isEmpty)
        #expect(query(text).allTermsExpression == nil)
    }
}

@Suite struct SearchQueryMeaningTests {
    @Test(arguments: [
        ("how much did the car repair cost?", "how much did the car repair cost?", false),
        ("lift-drag ratio -wind OR tunnel", "lift-drag ratio tunnel", false),
        ("\"exact phrase\" words", "exact phrase words", true),
        ("config*", "config*", true),
        ("NOT this but that", "but that", false),
    ])
    func meaningText_keepsWhatWasTyped_withoutOperators(text: String, meaning: String, exact: Bool) {
        let query = SearchQuery(parsing: text)
        #expect(query.meaningText == meaning)
        #expect(query.asksForExactWords == exact)
    }
}
