internal import FolioSQLite

/// A plan ranked by FTS5 over every chunk its expression matches (folio_bm25 given the
/// plan's row counts): what every other strategy is measured against, and what ranks a
/// plan none of them takes. The chunks are ranked alone and their documents looked up
/// after, for the best few (`IndexSearch`): joining every match to its document costs more
/// than the ranking.
struct FullTextRanking: LexicalStrategy {
    private let plan: LexicalPlan

    init(_ db: SQLiteConnection, _ context: LexicalContext) {
        plan = context.plan
    }

    var excludes: Bool { true }

    var ranksAllAtOnce: Bool { true }

    /// FTS5 ranks every match whatever the LIMIT.
    func best(_ db: SQLiteConnection, limit: Int) throws -> [ScoredChunk] {
        try ScoredChunk.read(db, """
            SELECT rowid AS chunk_id, folio_bm25(chunk_fts, ?, ?, ?, ?) AS score
            FROM chunk_fts WHERE chunk_fts MATCH ? ORDER BY score, chunk_id LIMIT ?
            """, Ranking.weights.arguments + [plan.countsArgument, plan.expression, limit])
    }
}
