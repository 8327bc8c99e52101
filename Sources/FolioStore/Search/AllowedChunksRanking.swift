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
        return try ScoredChunk.read(db, """
            SELECT rowid AS chunk_id, folio_bm25(chunk_fts, ?, ?, ?, ?) AS score FROM chunk_fts
            WHERE chunk_fts MATCH ? AND rowid IN (\(list)) ORDER BY score, rowid LIMIT ?
            """, Ranking.weights.arguments + [plan.countsArgument, plan.expression, limit])
    }
}

/// The chunks a search's filters allow when they are at most `AllowedChunksRanking.most`,
/// found once a search: a filter that keeps few documents walks every document to find
/// them, and both tiers of a query ask. Filters that a sample of the documents shows to
/// keep many more are not walked: reading the first 2,000 chunks they allow, to learn that
/// there were more, cost more than the rest of the filters' work, and counting the
/// documents instead cost more for a name's pattern, matched row by row
/// (docs/benchmarks.md, "A sample instead of a walk").
final class AllowedChunks {
    /// `nil` until looked up; then the chunks, or `nil` for more than the most.
    private var found: [Int64]??
    /// The share of the documents the filters keep, as the sample showed it, when it showed
    /// them to keep many: what a ranking of every match sizes its first round by.
    private(set) var share: Double?

    /// The sample: runs of consecutive ids spread evenly over them, each document read by
    /// its id. A document's row is on a page with its neighbours', so runs read a few
    /// pages where as many documents apart read one each (docs/benchmarks.md, "The
    /// filters' sample in runs").
    static let runs: Int64 = 32
    static let runLength: Int64 = 4

    func chunks(_ db: SQLiteConnection, _ request: SearchRequest) throws -> [Int64]? {
        if let found { return found }
        var documentFilters = request.filters
        documentFilters.pages = nil
        if try allowsMany(db, documentFilters.conditions) {
            found = .some(nil)
            return nil
        }
        let (filters, arguments) = request.filters.conditions
        // From the documents: chunk by chunk, each looked up its document, took three times as long.
        let chunks = try db.rows("SELECT c.id AS id FROM document d CROSS JOIN chunk c ON c.document_id = d.id WHERE 1\(filters) LIMIT ?",
                                 arguments + [AllowedChunksRanking.most + 1]).map { $0["id"] as Int64 }
        found = .some(chunks.count <= AllowedChunksRanking.most ? chunks : nil)
        return found!
    }

    /// Whether the sample (`runs` of `runLength` documents) shows `filters` (on documents
    /// alone) to allow over twice as many documents as the most chunks (a
    /// document has one chunk at least), and if so the share they keep (`share`). A sample
    /// that errs costs time only: the rounds of `IndexSearch.bm25` keep what the filters
    /// allow.
    private func allowsMany(_ db: SQLiteConnection, _ filters: (sql: String, arguments: SQLiteArguments)) throws -> Bool {
        let top: Int64 = try db.row("SELECT coalesce(max(id), 0) AS top FROM document")?["top"] ?? 0
        let step: Int64 = top / Self.runs
        guard step > Self.runLength else { return false }
        // The sample's ids made by SQLite, and read first (`CROSS JOIN`), each document by
        // its id: from a date's index instead, SQLite read every document in the range.
        let row = try db.row("""
            WITH RECURSIVE run(start) AS (SELECT ?1 UNION ALL SELECT start + ?1 FROM run WHERE start + ?1 + ?3 <= ?2),
                 offset(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM offset WHERE k + 1 < ?3),
                 sample(id) AS (SELECT start + k FROM run CROSS JOIN offset)
            SELECT count(*) AS present, count(*) FILTER (WHERE 1\(filters.sql)) AS kept FROM sample s CROSS JOIN document d ON d.id = s.id
            """, [step, top, Self.runLength] + filters.arguments)
        let kept: Int64 = row?["kept"] ?? 0
        let present: Int64 = row?["present"] ?? 0
        // Over twice as many documents as the most chunks, at the share the sample kept.
        guard present > 0, kept * top > 2 * Int64(AllowedChunksRanking.most) * present else { return false }
        share = Double(kept) / Double(present)
        return true
    }
}
