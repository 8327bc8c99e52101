internal import FolioSQLite

/// A plan ranked by FTS5 over the matches within a search's scope, kinds or pages, which
/// narrow the matches before they are ranked: the chunks of one folder are few, and no
/// ranking of the whole index's matches would be cheaper.
struct FilteredRanking: LexicalStrategy {
    private let plan: LexicalPlan
    private let request: SearchRequest

    init?(_ db: SQLiteConnection, _ context: LexicalContext) {
        guard context.request.narrowsMatches else { return nil }
        plan = context.plan
        request = context.request
    }

    var excludes: Bool { true }

    func best(_ db: SQLiteConnection, limit: Int) throws -> [(chunk: Int64, score: Double)] {
        let (filters, arguments) = IndexSearch.filters(request)
        return try db.rows("""
            SELECT chunk_fts.rowid AS chunk_id, folio_bm25(chunk_fts, ?, ?, ?, ?) AS score
            FROM chunk_fts JOIN chunk c ON c.id = chunk_fts.rowid JOIN document d ON d.id = c.document_id
            WHERE chunk_fts MATCH ?\(filters) ORDER BY score, chunk_id LIMIT ?
            """, [Ranking.textWeight, Ranking.sectionWeight, Ranking.titleWeight, plan.countsArgument, plan.expression] + arguments + [limit]).map {
            (chunk: $0["chunk_id"] as Int64, score: $0["score"] as Double)
        }
    }
}
