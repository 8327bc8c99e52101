internal import FolioSQLite

/// A plan ranked by FTS5 over the matches within a search's scope, kinds or pages, which
/// narrow the matches before they are ranked: the chunks of one folder are few, and no
/// ranking of the whole index's matches would be cheaper. Unless every chunk is asked for,
/// it gives each document's best chunk (text before contents pages) in one statement: a
/// few documents holding most matches otherwise took a second round of the same ranking
/// (docs/benchmarks.md, "Words first").
struct FilteredRanking: LexicalStrategy {
    private let plan: LexicalPlan
    private let request: SearchRequest

    init?(_ db: SQLiteConnection, _ context: LexicalContext) {
        guard context.request.narrowsToFew else { return nil }
        plan = context.plan
        request = context.request
    }

    var excludes: Bool { true }

    var onePerDocument: Bool { !request.allChunks }

    func best(_ db: SQLiteConnection, limit: Int) throws -> [ScoredChunk] {
        let (filters, arguments) = request.filters.conditions
        let matches = """
            SELECT chunk_fts.rowid AS chunk_id, c.document_id AS document_id, coalesce(c.navigation, 0) AS navigation,
                   folio_bm25(chunk_fts, ?, ?, ?, ?) AS score
            FROM chunk_fts JOIN chunk c ON c.id = chunk_fts.rowid JOIN document d ON d.id = c.document_id
            WHERE chunk_fts MATCH ?\(filters)
            """
        let sql = onePerDocument
            ? """
              WITH matches AS (\(matches)),
              best AS (SELECT chunk_id, navigation, score,
                              row_number() OVER (PARTITION BY document_id ORDER BY navigation, score, chunk_id) AS n FROM matches)
              SELECT chunk_id, score FROM best WHERE n = 1 ORDER BY navigation, score, chunk_id LIMIT ?
              """
            : "\(matches) ORDER BY score, chunk_id LIMIT ?"
        return try db.rows(sql, Ranking.weights.arguments + [plan.countsArgument, plan.expression]
            + arguments + [limit]).map {
            ScoredChunk(score: $0["score"] as Double, chunk: $0["chunk_id"] as Int64)
        }
    }
}
