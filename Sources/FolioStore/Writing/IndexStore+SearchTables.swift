internal import FolioSQLite
internal import FolioText

extension IndexStore {
    /// Brings the tables that make searching fast a step closer to the index: first the
    /// chunks written before navigation was judged (`NavigationText`, from their stored
    /// text, seconds for a large index written before), then the chunk
    /// lengths' blocks that writes dropped (`RowLengths`), then the chunks' documents' and
    /// the documents' days', sizes' and extensions' (`ValueBlocks`), then the champion lists
    /// (`Migrations/v0004_leaders.sql`): counts the frequent terms again when enough
    /// changed since the last count, else merges the full-text index's segments if that
    /// count found many (`Migrations/v0009_segment_merge.sql`), else makes the list of one
    /// term that has none or a stale one; then the common terms' counts (`TermCounts`), last
    /// the other frequent terms' hits (`TermHits`).
    /// Returns whether work may be left, so a caller with other work (the daemon) does one
    /// step at a time.
    ///
    /// A step is one transaction: up to 16 blocks of lengths (a few milliseconds each),
    /// up to 256 of documents, days, sizes or extensions (one pass over an index or the documents), the count (it reads the
    /// whole vocabulary), a step
    /// of the merge (`LeaderPolicy.mergePages`), one list (a microsecond per chunk its
    /// term is in), one term's counts, the hits of terms in up to `TermHits.chunksPerStep`
    /// chunks, or a block's hits of every term.
    @discardableResult
    public func tendSearchTables(_ policy: LeaderPolicy = .standard) throws(StoreError) -> Bool {
        try write("update the search tables") { db in
            let unjudged = try db.rows("SELECT id, text FROM chunk WHERE navigation IS NULL LIMIT 4096")
            if !unjudged.isEmpty {
                for row in unjudged {
                    try db.execute("UPDATE chunk SET navigation = ? WHERE id = ?",
                                   [NavigationText.isNavigation(row["text"]) ? 1 : 0, row["id"] as Int64], cached: true)
                }
                return true
            }
            let blocks = try RowLengths.missingBlocks(db)
            if !blocks.isEmpty {
                for block in blocks.prefix(16) { try RowLengths.make(db, block: block) }
                return true
            }
            for column in [ValueBlocks.chunkDocuments, ValueBlocks.documentDays, ValueBlocks.documentSizes, ValueBlocks.documentExtensions] {
                let missing = try ValueBlocks.missingBlocks(db, column)
                guard missing.isEmpty else {
                    try ValueBlocks.make(db, column, blocks: Array(missing.prefix(ValueBlocks.mostPerStep)))
                    return true
                }
            }
            if try Self.censusIsDue(db, policy) {
                try Self.countFrequentTerms(db, policy)
            } else if try db.value(as: Bool.self, "SELECT merging FROM leader_census") == true {
                if try FullTextIndex.mergeStep(db, policy) { try db.execute("UPDATE leader_census SET merging = 0") }
            } else if let term = try db.value(as: String.self, "SELECT term FROM frequent_term WHERE stale = 1 OR last_chunk IS NULL LIMIT 1") {
                try Self.makeList(db, term: term, policy)
            } else if try !TermCounts.makeMissing(db) {
                return try TermHits.makeMissing(db)
            }
            return true
        }
    }

    /// Whether the frequent terms must be counted: never counted and the index is big
    /// enough to have one, or changed by more than `recountShare` since.
    private static func censusIsDue(_ db: SQLiteConnection, _ policy: LeaderPolicy) throws -> Bool {
        if let census = try db.row("SELECT chunks, changed FROM leader_census") {
            let chunks: Int = census["chunks"], changed: Int = census["changed"]
            return changed > 0 && Double(changed) > policy.recountShare * Double(max(chunks, policy.frequentChunks))
        }
        return try (db.value(as: Int.self, "SELECT max(id) FROM chunk") ?? 0) >= policy.frequentChunks
    }

    /// Counts every term's chunks (fts5vocab) and records the frequent ones: new terms
    /// wait for a list, the others' lists are marked stale, terms that fell below half the
    /// threshold go with their lists; the common ones are marked, and the counts of terms
    /// no longer common go; a merge of the full-text index's segments is due if it has
    /// `policy.mergedSegments`; the hits of terms no longer frequent, or now common, go. A
    /// term the tokenizer does not give back unchanged
    /// cannot be matched alone and gets no list.
    private static func countFrequentTerms(_ db: SQLiteConnection, _ policy: LeaderPolicy) throws {
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunk_vocabulary USING fts5vocab(main, chunk_fts, row)")
        let counted = try db.rows("SELECT term, doc FROM temp.chunk_vocabulary WHERE doc >= ?", [policy.frequentChunks / 2])
        let listed = Set(try db.values(as: String.self, "SELECT term FROM frequent_term"))
        var kept: Set<String> = []
        for row in counted {
            let term: String = row["term"], chunks: Int = row["doc"]
            guard listed.contains(term) || chunks >= policy.frequentChunks,
                  try db.fullTextTerms(of: term, tokenizer: FullTextIndex.tokenizer) == [term] else { continue }
            kept.insert(term)
            try db.execute("""
                INSERT INTO frequent_term (term, chunks, last_chunk, stale) VALUES (?, ?, NULL, 0)
                ON CONFLICT (term) DO UPDATE SET chunks = excluded.chunks, stale = 1
                """, [term, chunks], cached: true)
        }
        for term in listed.subtracting(kept) {
            try db.execute("DELETE FROM term_leader WHERE term = ?", [term], cached: true)
            try db.execute("DELETE FROM frequent_term WHERE term = ?", [term], cached: true)
        }
        let chunks = try db.value(as: Int.self, "SELECT count(*) FROM chunk") ?? 0
        try db.execute("""
            INSERT INTO leader_census (id, chunks, changed) VALUES (1, ?, 0)
            ON CONFLICT (id) DO UPDATE SET chunks = excluded.chunks, changed = 0
            """, [chunks])
        try db.execute("UPDATE leader_census SET merging = ?", [try FullTextIndex.segments(db) >= policy.mergedSegments])
        try db.execute("UPDATE frequent_term SET common = (chunks >= ?)", [policy.commonShare * Double(chunks)])
        try db.execute("DELETE FROM term_count WHERE term NOT IN (SELECT term FROM frequent_term WHERE common = 1)")
        try db.execute("DELETE FROM term_hits WHERE term NOT IN (SELECT term FROM frequent_term WHERE common = 0)")
    }

    /// Makes `term`'s list: the `listLength` chunks where it weighs most.
    private static func makeList(_ db: SQLiteConnection, term: String, _ policy: LeaderPolicy) throws {
        let lastChunk = try db.value(as: Int64.self, "SELECT max(id) FROM chunk") ?? 0
        try db.execute("DELETE FROM term_leader WHERE term = ?", [term])
        try db.execute("""
            INSERT INTO term_leader (term, chunk_id, weight)
            SELECT ?1, rowid, folio_term_weight(chunk_fts, ?3, ?4, ?5) AS weight FROM chunk_fts WHERE chunk_fts MATCH ?2
            ORDER BY weight DESC, rowid LIMIT ?6
            """, [term, "\"\(term)\""] + Ranking.weights.arguments + [policy.listLength])
        try db.execute("UPDATE frequent_term SET last_chunk = ?, stale = 0 WHERE term = ?", [lastChunk, term])
    }
}
