internal import FolioSQLite

/// A chunk and its score, as every lexical strategy (`LexicalStrategy`) gives them and
/// folio_bm25 orders them: the lower score first (scores are negated), then the lower id.
struct ScoredChunk: Comparable, Sendable {
    let score: Double
    let chunk: Int64

    static func < (a: ScoredChunk, b: ScoredChunk) -> Bool {
        (a.score, a.chunk) < (b.score, b.chunk)
    }
}

extension ScoredChunk {
    /// The rows of a ranking whose first column is a chunk's id and second its score, read
    /// in place: asked for hundreds of chunks (a filtered search's first round), building
    /// a row for each cost more than FTS5's ranking of them.
    static func read(_ db: SQLiteConnection, _ sql: String, _ arguments: SQLiteArguments) throws -> [ScoredChunk] {
        var scored: [ScoredChunk] = []
        try db.forEachRow(sql, arguments) { columns in scored.append(ScoredChunk(score: columns.double(1), chunk: columns.int64(0))) }
        return scored
    }
}
