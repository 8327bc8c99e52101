internal import FolioSQLite
internal import FolioText

/// What FTS5 is asked to rank for a query's words, and with what `folio_bm25` needs to
/// rank it as bm25() would without bm25()'s per-query walk over every phrase's rows.
///
/// A word in over half the chunks weighs 10⁻⁶ in bm25() (its idf floor), nothing a ranking
/// can tell apart, yet matching it costs a walk over nearly every chunk: at 100,000 files
/// `return value of the function` takes 31 ms with `of` and `the`, 14 ms without. Such a
/// word that is a required group by itself is left out of the ranked expression and checked
/// on the best chunks instead (`filter`): the same chunks, in an order that can differ only
/// between chunks whose scores are within 10⁻⁶ per word left out. A query of nothing but
/// such words is ranked whole (from the term counts, `CommonTermRanking`, once they are made).
struct LexicalPlan {
    /// The MATCH expression ranked.
    var expression: String
    /// Its required terms, in the expression's order (excluded ones follow them there).
    var terms: [SearchQuery.Term]
    /// `folio_bm25`'s row counts: for each phrase of `expression` in order, the chunks its
    /// term was in at the last count of frequent terms, -1 when unknown (FTS5 counts).
    var counts: [Int64]
    /// Words every result must also contain (`TermPresence` checks them).
    var filter: [SearchQuery.Term]

    /// `counts` as `folio_bm25` takes them: one text.
    var countsArgument: String { counts.map(String.init).joined(separator: " ") }

    /// Both tiers of a query (`SearchQuery.allTermsExpression`, `anyTermExpression`);
    /// `reduced`: leave out the words in over half the chunks.
    static func tiers(_ db: SQLiteConnection, _ query: SearchQuery, reduced: Bool) throws -> (all: LexicalPlan?, any: LexicalPlan?) {
        let census = try census(db, of: query.required.joined() + query.excluded)
        func isCommon(_ group: [SearchQuery.Term]) -> Bool {
            guard reduced, group.count == 1, let chunks = census.chunks[group[0]] else { return false }
            return 2 * chunks >= census.total
        }
        func plan(_ required: [[SearchQuery.Term]], filter: [[SearchQuery.Term]]) -> LexicalPlan? {
            guard let expression = SearchQuery(required: required, excluded: query.excluded).allTermsExpression else { return nil }
            return LexicalPlan(expression: expression, terms: Array(required.joined()),
                               counts: (required.joined() + query.excluded).map { census.chunks[$0] ?? -1 },
                               filter: Array(filter.joined()))
        }
        let common = query.required.filter(isCommon)
        let all = common.count == query.required.count
            ? plan(query.required, filter: [])
            : plan(query.required.filter { !isCommon($0) }, filter: common)
        guard query.anyTermExpression != nil else { return (all, nil) }
        let terms = query.required.joined().filter { !isCommon([$0]) }
        return (all, plan([terms.isEmpty ? Array(query.required.joined()) : terms], filter: []))
    }

    /// The frequent terms among `terms` as last counted (`Migrations/v0004_leaders.sql`):
    /// how many chunks held each one-word term, and how many chunks there were.
    private static func census(_ db: SQLiteConnection, of terms: [SearchQuery.Term]) throws -> (chunks: [SearchQuery.Term: Int64], total: Int64) {
        guard let total = try db.value(as: Int64.self, "SELECT chunks FROM leader_census"), total > 0 else { return ([:], 0) }
        var chunks: [SearchQuery.Term: Int64] = [:]
        for term in Set(terms) where !term.isPrefix && term.tokens.count == 1 {
            let indexed = try db.fullTextTerms(of: term.tokens[0], tokenizer: FullTextIndex.tokenizer)
            guard indexed.count == 1 else { continue }
            chunks[term] = try db.value(as: Int64.self, "SELECT chunks FROM frequent_term WHERE term = ?", [indexed[0]])
        }
        return (chunks, total)
    }
}
