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

    /// FTS5 ranks every match whatever the limit; the best are kept here rather than by
    /// SQLite's ORDER BY … LIMIT, whose b-tree of the best cost more for the hundreds a
    /// filter asks for than every match's row did (docs/benchmarks.md, "The sieve before
    /// the threshold").
    func best(_ db: SQLiteConnection, limit: Int) throws -> [ScoredChunk] {
        var best = BoundedBest<ScoredChunk>(capacity: limit)
        try db.forEachRow("SELECT rowid, folio_bm25(chunk_fts, ?, ?, ?, ?) FROM chunk_fts WHERE chunk_fts MATCH ?",
                          Ranking.weights.arguments + [plan.countsArgument, plan.expression], columns: { columns in
            best.offer(ScoredChunk(score: columns.double(1), chunk: columns.int64(0)))
        })
        return best.sorted()
    }
}
