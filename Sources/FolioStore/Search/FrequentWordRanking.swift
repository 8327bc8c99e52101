internal import FolioSQLite
internal import FolioText

/// A query of one frequent word ranked from its champion list
/// (`Migrations/v0004_leaders.sql`) and the chunks newer than the list, in the order that
/// ranking every match gives: a list's few hundred chunks, not every chunk the word is in.
///
/// Queries of several frequent words are ranked directly: the union of their words' lists
/// held few of plain bm25's best documents (docs/benchmarks.md, "Search at scale").
struct FrequentWordRanking: LexicalStrategy {
    private let ranked: [ScoredChunk]

    /// A first tier of one frequent word, or of a prefix of one, with its list.
    init?(_ db: SQLiteConnection, _ context: LexicalContext) throws {
        guard let term = context.soleTerm, let ranked = try Self.ranked(db, term, facts: context.facts, policy: context.policy) else { return nil }
        self.ranked = ranked
    }

    /// The list's chunks and those newer than it: the best matches, not every one.
    var ranksEveryMatch: Bool { false }

    func best(_ db: SQLiteConnection, limit: Int) -> [ScoredChunk] { ranked }

    /// The chunks of a query of one frequent word, best first, without asking FTS5 to rank
    /// anything: for one term BM25 orders chunks by the term-frequency weight the list
    /// keeps (its idf is the same for all), and only the chunks newer than the list are
    /// weighed. `nil` when the word is in few enough chunks to rank directly, or has no
    /// list yet.
    static func ranked(_ db: SQLiteConnection, _ term: SearchQuery.Term, facts: TermFacts, policy: LeaderPolicy) throws
        -> [ScoredChunk]? {
        if term.isPrefix { return try rankedPrefix(db, term, policy: policy) }
        guard let fact = facts.word(term), let word = fact.indexed.first, let lastChunk = fact.lastChunk, let chunks = fact.chunks,
              chunks > Int64(policy.directLimit), let total = facts.census else { return nil }
        let idf = BM25Terms.idf(rows: Double(total), count: Double(chunks))
        var weighed = try list(db, of: word)
        if try hasNewer(db, than: lastChunk) {
            try db.forEachRow("""
                SELECT rowid, folio_term_weight(chunk_fts, ?, ?, ?) FROM chunk_fts WHERE chunk_fts MATCH ? AND rowid > ?
                """, Ranking.weights.arguments + [term.expression, lastChunk]) { columns in
                weighed.append((chunk: columns.int64(0), weight: columns.double(1)))
            }
        }
        return weighed
            .map { ScoredChunk(score: -idf * $0.weight, chunk: $0.chunk) }
            .sorted { ($0.score, $0.chunk) < ($1.score, $1.chunk) }
    }

    /// `word`'s champion list: its chunks and their term-frequency weights.
    static func list(_ db: SQLiteConnection, of word: String) throws -> [(chunk: Int64, weight: Double)] {
        var listed: [(chunk: Int64, weight: Double)] = []
        try db.forEachRow("SELECT chunk_id, weight FROM term_leader WHERE term = ?", [word]) { columns in
            listed.append((chunk: columns.int64(0), weight: columns.double(1)))
        }
        return listed
    }

    /// Whether a chunk was written after a list made when `lastChunk` was the newest: most
    /// often none was, and asking FTS5 for none costs a statement's million instructions.
    static func hasNewer(_ db: SQLiteConnection, than lastChunk: Int64) throws -> Bool {
        try (db.value(as: Int64.self, "SELECT max(id) FROM chunk") ?? 0) > lastChunk
    }
}
