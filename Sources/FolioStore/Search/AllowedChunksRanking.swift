internal import FolioSQLite
internal import FolioCore

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
        guard context.request.narrowsMatches else { return nil }
        // A first tier ranked in a pass over the blocks sieves by every document's mark: the
        // count of the filters makes them.
        let marking = try context.matchesAll && MixedTermRanking.ranksInOnePass(db, plan: context.plan, required: context.query.required,
                                                                                facts: context.facts, policy: context.policy)
        guard let chunks = try context.allowed.chunks(db, context.request, marking: marking) else { return nil }
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
/// (docs/benchmarks.md, "A sample instead of a walk"). When the sample shows few, the
/// documents are found before their chunks: the sample is the same for every search of an
/// index, and one that errs for a filter errs every time (docs/benchmarks.md, "When the
/// sample errs").
final class AllowedChunks {
    /// `nil` until looked up; then the chunks, or `nil` for more than the most.
    private var found: [Int64]??
    /// When the filters keep more than the most chunks: what the share they keep and the
    /// sieve are worked out from, once a ranking asks (`refined(_:)`).
    private var many: Many?
    private var refinement: (share: Double?, sieve: ChunkSieve?)?

    private struct Many {
        /// The filters on documents (without pages), whose time and size a sieve is made for.
        let filters: SearchFilters
        let top: Int64
        /// The share of the documents the filters keep, as the sample or the documents'
        /// days showed it; `nil` where the sample showed few and the walk found many.
        let share: Double?
        /// The first sample, then.
        let sampled: (kept: Int64, present: Int64)?
        /// The marks of the documents outside the filters, made by their count or by the first
        /// sieve that needs them.
        var outside = ChunkSieve.Marks()
    }

    /// The sample: runs of consecutive ids spread evenly over them, each document read by
    /// its id. A document's row is on a page with its neighbours', so runs read a few
    /// pages where as many documents apart read one each (docs/benchmarks.md, "The
    /// filters' sample in runs").
    static let runs: Int64 = 32
    static let runLength: Int64 = 4

    /// `marking`: a time, size or extension alone marks the documents outside it as it
    /// counts them, for a sieve by marks (`ChunkSieve.forEachBlock`).
    func chunks(_ db: SQLiteConnection, _ request: SearchRequest, marking: Bool = false) throws -> [Int64]? {
        if let found { return found }
        found = .some(try lookUp(db, request, marking: marking))
        return found!
    }

    /// The share of the documents the filters keep, when they keep many (after `chunks`):
    /// what a ranking of every match sizes its first round by.
    func share(_ db: SQLiteConnection) throws -> Double? {
        try refined(db).share
    }

    /// What rules out ranked chunks the filters do not keep before their rows are read,
    /// when the filters keep many, at most `ChunkSieve.share` of the documents, by time,
    /// size or extension (after `chunks`); `everyShare`: whatever share they keep, for a
    /// ranking that sieves its candidates before it weighs them (`LexicalStrategy.sievesEveryShare`).
    func sieve(_ db: SQLiteConnection, everyShare: Bool = false) throws -> ChunkSieve? {
        guard let many, !ChunkSieve.conditions(of: many.filters).isEmpty else { return nil }
        let (share, sieve) = try refined(db)
        guard sieve == nil, everyShare, let share else { return sieve }
        return ChunkSieve(many.filters, keeping: share, outside: many.outside)
    }

    /// The share and the sieve, worked out once. Where the sample showed few and the walk
    /// many, a second sample between the first's runs gives the share: a sample that errs
    /// once errs for every search of the index, and the walk knows only that there are more
    /// than the most documents (docs/benchmarks.md, "When the sample errs").
    private func refined(_ db: SQLiteConnection) throws -> (share: Double?, sieve: ChunkSieve?) {
        if let refinement { return refinement }
        guard let many else { return (nil, nil) }
        var share: Double
        if let shown = many.share {
            share = shown
        } else {
            let again = try sample(db, many.filters.conditions, top: many.top, from: 0.5)
            let kept = (many.sampled?.kept ?? 0) + (again?.kept ?? 0), present = (many.sampled?.present ?? 0) + (again?.present ?? 0)
            let walked = Double(AllowedChunksRanking.most + 1) / Double(max(many.top, 1))
            share = max(present > 0 ? Double(kept) / Double(present) : 0, walked)
        }
        let sieve = share <= ChunkSieve.share ? ChunkSieve(many.filters, keeping: share, outside: many.outside) : nil
        refinement = (share, sieve)
        return (share, sieve)
    }

    private func lookUp(_ db: SQLiteConnection, _ request: SearchRequest, marking: Bool) throws -> [Int64]? {
        let most = AllowedChunksRanking.most
        var documentFilters = request.filters
        documentFilters.pages = nil
        let onDocuments = documentFilters.conditions
        let top: Int64 = try db.row("SELECT coalesce(max(id), 0) AS top FROM document")?["top"] ?? 0
        // A time, a size or extensions alone are counted on every document's day, size
        // class or extension's code (`ValueBlocks`): the sample read a page of the
        // documents' rows for each of its runs, more than the blocks hold
        // (docs/benchmarks.md, "Chunks' documents apart from their text", "Extensions in
        // blocks"). Two extensions that share a code count both: the share is the larger.
        var sampled: (kept: Int64, present: Int64)?
        // The documents the blocks show may be kept, when they are few.
        var candidates: [Int64]?
        var outside: [UInt8] = []
        if let alone = Self.alone(documentFilters),
           let counted = try marking ? ValueBlocks.count(db, alone.column, within: alone.ranges, top: top, markingOutside: &outside)
                                     : ValueBlocks.count(db, alone.column, within: alone.ranges, top: top) {
            if counted.kept > Int64(most) {
                many = Many(filters: documentFilters, top: top, share: Double(counted.kept) / Double(max(counted.present, 1)),
                            sampled: nil, outside: ChunkSieve.Marks(marking ? outside : nil))
                return nil
            }
            // The blocks are current: none counted, none kept.
            guard counted.kept > 0 else { return [] }
            if !alone.column.indexed { candidates = try ValueBlocks.rows(db, alone.column, within: alone.ranges, top: top) }
        } else {
            sampled = try sample(db, onDocuments, top: top, from: 1)
            if let sampled, Self.keepsMany(sampled, top: top) {
                many = Many(filters: documentFilters, top: top,
                            share: Double(sampled.kept) / Double(sampled.present), sampled: sampled)
                return nil
            }
        }
        // A walk of the chunks of the documents allowed, to the most, read the chunks of
        // 2,000 documents when the sample missed a filter's share; their ids alone are read
        // from the date's or the size's index, or checked among those the blocks show (an
        // extension is not indexed: every document's path was read).
        let documents = try candidates.map { candidates in
            try Self.ids(db, "SELECT d.id FROM json_each(?) j CROSS JOIN document d ON d.id = j.value WHERE 1\(onDocuments.sql) LIMIT ?",
                         [IdArray.json(candidates)] + onDocuments.arguments + [most + 1])
        } ?? Self.ids(db, "SELECT d.id FROM document d WHERE 1\(onDocuments.sql) LIMIT ?", onDocuments.arguments + [most + 1])
        guard documents.count <= most else {
            many = Many(filters: documentFilters, top: top, share: nil, sampled: sampled)
            return nil
        }
        guard !documents.isEmpty else { return [] }
        let (filters, arguments) = request.filters.conditions
        let chunks = try Self.ids(db, """
            SELECT c.id FROM json_each(?) j CROSS JOIN document d ON d.id = j.value CROSS JOIN chunk c ON c.document_id = d.id
            WHERE 1\(filters) LIMIT ?
            """, [IdArray.json(documents)] + arguments + [most + 1])
        return chunks.count <= most ? chunks : nil
    }

    /// The condition on the documents' blocks of a time, a size or extensions that are the
    /// only filter on documents.
    private static func alone(_ documentFilters: SearchFilters) -> ChunkSieve.Condition? {
        let conditions = ChunkSieve.conditions(of: documentFilters)
        var only = SearchFilters()
        (only.time, only.size, only.extensions) = (documentFilters.time, documentFilters.size, documentFilters.extensions)
        return conditions.count == 1 && documentFilters == only ? conditions[0] : nil
    }

    /// The first column of every row, read in place: a row's dictionary of names (and a
    /// generic column's conversion) cost more than SQLite's walk of 2,000 rows.
    private static func ids(_ db: SQLiteConnection, _ sql: String, _ arguments: SQLiteArguments) throws -> [Int64] {
        var ids: [Int64] = []
        try db.forEachRow(sql, arguments, columns: { ids.append($0.int64(0)) })
        return ids
    }

    /// What the sample (`runs` of `runLength` documents, the first run `from` steps in)
    /// shows `filters` (on documents alone) to keep; `nil` for an index too small to
    /// sample. Every other run is read first, and the others only when those do not show the
    /// filters to keep `clearly` times more than many: each run is a page of the documents'
    /// rows, and a filter that keeps a third of them needs no closer look to be sized. A
    /// sample that errs costs time only: the rounds of `IndexSearch.bm25` keep what the
    /// filters allow.
    private func sample(_ db: SQLiteConnection, _ filters: (sql: String, arguments: SQLiteArguments), top: Int64,
                        from first: Double) throws -> (kept: Int64, present: Int64)? {
        let step: Int64 = top / Self.runs
        guard step > Self.runLength else { return nil }
        var starts = [Int64(Double(step) * first)]
        while starts.last! + step + Self.runLength <= top { starts.append(starts.last! + step) }
        var sampled: (kept: Int64, present: Int64) = (0, 0)
        for half in 0..<2 {
            let ids = stride(from: half, to: starts.count, by: 2).flatMap { starts[$0]..<(starts[$0] + Self.runLength) }
            // Each document read by its id, in the ids' order (`CROSS JOIN`): from a date's
            // index instead, SQLite read every document in the range. The ids are a list, not
            // made by a recursive query: its queues were temporary tables, each with a page
            // cache of its own (docs/benchmarks.md, "The page caches' first block").
            let row = try db.row("""
                SELECT count(*) AS present, count(*) FILTER (WHERE 1\(filters.sql)) AS kept
                FROM json_each(?) s CROSS JOIN document d ON d.id = s.value
                """, filters.arguments + [IdArray.json(ids)])
            sampled.kept += row?["kept"] ?? 0
            sampled.present += row?["present"] ?? 0
            if Self.keepsMany(sampled, top: top, times: Self.clearly) { break }
        }
        return sampled.present > 0 ? sampled : nil
    }

    /// How many times more than many a first half of the sample must show for the second
    /// not to be read.
    private static let clearly: Int64 = 4

    /// Whether `sampled` shows the filters to keep over `times` twice as many documents as
    /// the most chunks (a document has one chunk at least).
    private static func keepsMany(_ sampled: (kept: Int64, present: Int64), top: Int64, times: Int64 = 1) -> Bool {
        sampled.kept * top > times * Int64(2 * AllowedChunksRanking.most) * sampled.present
    }
}
