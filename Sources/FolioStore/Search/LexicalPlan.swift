internal import FolioText

/// What FTS5 is asked to rank for a query's words, and with what `folio_bm25` needs to
/// rank it as bm25() would without bm25()'s per-query walk over every phrase's rows.
///
/// A word in over half the chunks weighs 10⁻⁶ in bm25() (its idf floor), nothing a ranking
/// can tell apart, yet matching it costs a walk over nearly every chunk (`return value of
/// the function` took twice as long with `of` and `the`; docs/benchmarks.md). Such a
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
    static func tiers(_ facts: TermFacts, _ query: SearchQuery, reduced: Bool) -> (all: LexicalPlan?, any: LexicalPlan?) {
        func isCommon(_ group: [SearchQuery.Term]) -> Bool {
            reduced && group.count == 1 && facts.isInHalfTheChunks(group[0])
        }
        func plan(_ required: [[SearchQuery.Term]], filter: [[SearchQuery.Term]]) -> LexicalPlan? {
            guard let expression = SearchQuery(required: required, excluded: query.excluded).allTermsExpression else { return nil }
            return LexicalPlan(expression: expression, terms: Array(required.joined()),
                               counts: (required.joined() + query.excluded).map { facts.chunks($0) ?? -1 },
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
}
