internal import FolioSQLite

/// The full-text index as `Migrations/v0001_core.sql` creates `chunk_fts`: its tokenizer,
/// through which query words become the terms it holds, its columns, and its segments.
enum FullTextIndex {
    static let tokenizer = ["porter", "unicode61", "remove_diacritics", "2"]
    /// Its columns: text, section, title.
    static let columns = 3

    /// The index's segments: each has at least its first leaf in `chunk_fts_idx`.
    static func segments(_ db: SQLiteConnection) throws -> Int {
        try db.value(as: Int.self, "SELECT count(DISTINCT segid) FROM chunk_fts_idx") ?? 0
    }

    /// One step of merging every segment into one (`Migrations/v0009_segment_merge.sql`),
    /// if there are still `policy.mergedSegments`; returns whether the merge is done. The
    /// segments being merged stay until the last step, so the count falls below
    /// `policy.mergedSegments` only then.
    static func mergeStep(_ db: SQLiteConnection, _ policy: LeaderPolicy) throws -> Bool {
        if try segments(db) >= policy.mergedSegments {
            // Negative: every segment, of every level, into one (FTS5's `merge` command).
            try db.execute("INSERT INTO chunk_fts(chunk_fts, rank) VALUES ('merge', ?)", [-policy.mergePages])
        }
        return try segments(db) < policy.mergedSegments
    }
}
