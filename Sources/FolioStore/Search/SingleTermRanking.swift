internal import FolioSQLite
internal import FolioText

/// A query of one term whose chunk count is not known beforehand (a phrase, a prefix, a
/// word too rare for the census), ranked in one walk over its chunks.
///
/// folio_bm25 needs the term's count for its idf before it scores the first chunk, so FTS5
/// walked the term's chunks twice: once to count them, once to rank them, the count over a
/// third of a phrase's cost (docs/benchmarks.md, "One term in one walk"). For one
/// term the idf is the same in every chunk and orders nothing, so the chunks are ranked by
/// its term weight (`folio_term_weight`), which counts them as it goes; the idf, from that
/// count (`folio_term_idf`), then scales the best ones. The scores are folio_bm25's to
/// within a rounding (the product taken in another order), and so is the order, but for
/// two chunks a rounding ties in one and not in the other.
struct SingleTermRanking: LexicalStrategy {
    let term: SearchQuery.Term

    init(term: SearchQuery.Term) {
        self.term = term
    }

    /// A first tier of one term the last count of frequent terms did not count.
    init?(_ db: SQLiteConnection, _ context: LexicalContext) {
        guard context.matchesAll, context.plan.terms.count == 1, context.plan.counts[0] < 0 else { return nil }
        term = context.plan.terms[0]
    }

    /// FTS5 weighs every chunk holding the term whatever the limit.
    var ranksAllAtOnce: Bool { true }

    /// The best `limit` chunks holding `term`, best first, with their BM25 scores (lower
    /// is better, as folio_bm25's).
    func best(_ db: SQLiteConnection, limit: Int) throws -> [ScoredChunk] {
        let weighed = try db.rows("""
            SELECT rowid AS chunk_id, folio_term_weight(chunk_fts, ?, ?, ?) AS weight FROM chunk_fts WHERE chunk_fts MATCH ?
            ORDER BY weight DESC, chunk_id LIMIT ?
            """, Ranking.weights.arguments + [term.expression, limit])
        guard !weighed.isEmpty, let idf = try db.value(as: Double.self, "SELECT folio_term_idf()") else { return [] }
        return weighed.map { ScoredChunk(score: -idf * ($0["weight"] as Double), chunk: $0["chunk_id"] as Int64) }
    }
}
