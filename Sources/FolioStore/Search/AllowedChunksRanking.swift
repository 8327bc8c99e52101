internal import FolioSQLite

/// A plan ranked by FTS5 over the chunks of the few documents a search's filters allow,
/// found first. A filter that keeps almost nothing (`before:2000`, one day's mail) made the
/// rankings of the whole index read its best matches round after round, seconds at 100,000
/// files, to find the few it allows (docs/benchmarks.md, "Filters"). Declines when the
/// filters allow more than `most` chunks: their matches are many then, ranked as without
/// filters or within a folder (`FilteredRanking`), and the allowed ones kept.
struct AllowedChunksRanking: LexicalStrategy {
    /// The most chunks ranked this way: a list of ids FTS5 checks each match against.
    static let most = 2_000

    private let plan: LexicalPlan
    private let chunks: [Int64]

    init?(_ db: SQLiteConnection, _ context: LexicalContext) throws {
        guard context.request.narrowsMatches, let chunks = try context.allowed.chunks(db, context.request) else { return nil }
        plan = context.plan
        self.chunks = chunks
    }

    var excludes: Bool { true }

    func best(_ db: SQLiteConnection, limit: Int) throws -> [ScoredChunk] {
        guard !chunks.isEmpty else { return [] }
        let list = chunks.map(String.init).joined(separator: ",")
        return try db.rows("""
            SELECT rowid AS chunk_id, folio_bm25(chunk_fts, ?, ?, ?, ?) AS score FROM chunk_fts
            WHERE chunk_fts MATCH ? AND rowid IN (\(list)) ORDER BY score, rowid LIMIT ?
            """, Ranking.weights.arguments + [plan.countsArgument, plan.expression, limit]).map {
            ScoredChunk(score: $0["score"] as Double, chunk: $0["chunk_id"] as Int64)
        }
    }
}

/// The chunks a search's filters allow when they are at most `AllowedChunksRanking.most`,
/// found once a search: a filter that keeps few documents walks every document to find
/// them, and both tiers of a query ask.
final class AllowedChunks {
    /// `nil` until looked up; then the chunks, or `nil` for more than the most.
    private var found: [Int64]??

    func chunks(_ db: SQLiteConnection, _ request: SearchRequest) throws -> [Int64]? {
        if let found { return found }
        let (filters, arguments) = request.filters.conditions
        // From the documents: chunk by chunk, each looked up its document, took three times as long.
        let chunks = try db.rows("SELECT c.id AS id FROM document d CROSS JOIN chunk c ON c.document_id = d.id WHERE 1\(filters) LIMIT ?",
                                 arguments + [AllowedChunksRanking.most + 1]).map { $0["id"] as Int64 }
        found = .some(chunks.count <= AllowedChunksRanking.most ? chunks : nil)
        return found!
    }
}
