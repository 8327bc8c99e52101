internal import FolioSQLite
internal import FolioText
internal import Glibc

/// The chunks among which a query's best by BM25 are, when every part of it is frequent:
/// the leaders of its frequent terms (`Migrations/v0004_leaders.sql`), every chunk newer
/// than their lists, and every match of its rare terms. Ranking these instead of every
/// match bounds the work of `the`, `system` or `data type` at any size of index.
///
/// The same order as ranking every match, except where a chunk outside every list would
/// have ranked in the top (measured in docs/benchmarks.md, "Search at scale"): for one
/// word never, as its list holds its best chunks; for several, when a chunk is only
/// middling for each of them; for a prefix, when a rare word of it is the best match, or
/// it has more than `prefixLists` frequent words. A phrase counts as rare: matched
/// exactly, and ranked directly when it is in many chunks.
struct LeaderCandidates {
    /// Leaders and matches of rare terms.
    var chunks: Set<Int64>
    /// Every chunk with a higher id is a candidate too: newer than some list.
    var newerThan: Int64
    /// How many chunks each term of the tier is in (for frequent words, when last
    /// counted), in the order of the MATCH expression: the idf of `folio_bm25`.
    var termChunks: [Int]
    /// Whether FTS5 walks every match (else it looks each candidate up).
    var walk: Bool

    /// The lists of the most frequent words a prefix covers that are read.
    static let prefixLists = 16
    /// Matches walked in the time one candidate is looked up (measured at 100,000 files).
    static let matchesPerLookup = 500

    /// The candidates of a tier (groups that must all match, each matching when any of its
    /// terms does), or `nil` when it is better ranked directly: a group that matches few
    /// chunks bounds the whole tier, or a frequent term has no list yet.
    static func find(_ db: SQLiteConnection, groups: [[SearchQuery.Term]], policy: LeaderPolicy) throws -> LeaderCandidates? {
        var ledTerms: [String: Int] = [:]
        var rareTerms: [SearchQuery.Term] = []
        var newerThan = Int64.max
        var termChunks: [Int] = []
        var rareChunks = 0
        for group in groups {
            var estimate = 0
            for term in group {
                guard let part = try TermPart(db, term: term) else { return nil }
                estimate += part.lists.isEmpty ? 0 : part.chunks
                termChunks.append(part.chunks)
                if part.lists.isEmpty {
                    rareTerms.append(term)
                    rareChunks += part.chunks
                }
                for list in part.lists {
                    ledTerms[list.term] = list.chunks
                    newerThan = min(newerThan, list.lastChunk)
                }
            }
            if estimate <= policy.directLimit { return nil }
        }
        // No list, or so many matches of words not counted as frequent (yet) that ranking
        // them costs as much as ranking directly.
        guard !ledTerms.isEmpty, rareChunks <= policy.directLimit,
              let total = try db.value(as: Int.self, "SELECT chunks FROM leader_census") else { return nil }
        // FTS5 either walks every match and keeps the candidates (`+rowid` hides the rowids
        // from it: a twentieth of a microsecond a match), or looks each candidate up (tens
        // of microseconds: a seek per word in every segment of the index). A walk ranks
        // every leader; lookups share `policy.candidates` by what each source can add to a
        // score: a list by its word's idf (next to nothing for a word in most chunks), the
        // rare terms as much as a word can have.
        let walk = groups.joined().contains(where: \.isPrefix) || termChunks.reduce(0, +) < matchesPerLookup * policy.candidates
        func idf(_ chunks: Int) -> Double {
            max(log((Double(total) - Double(chunks) + 0.5) / (Double(chunks) + 0.5)), 0.05)
        }
        let rareWeight = rareTerms.isEmpty ? 0 : idf(1)
        let weights = ledTerms.mapValues(idf)
        let sum = weights.values.reduce(rareWeight, +)
        func share(_ weight: Double) -> Int { walk ? policy.listLength : max(Int(Double(policy.candidates) * weight / sum), 10) }
        var chunks: Set<Int64> = []
        for (term, weight) in weights.sorted(by: { $0.key < $1.key }) {
            chunks.formUnion(try db.values(as: Int64.self, "SELECT chunk_id FROM term_leader WHERE term = ? ORDER BY weight DESC LIMIT ?",
                                           [term, share(weight)]))
        }
        if !rareTerms.isEmpty {
            let expression = rareTerms.map(\.expression).joined(separator: " OR ")
            chunks.formUnion(try db.values(as: Int64.self, """
                SELECT rowid FROM chunk_fts WHERE chunk_fts MATCH ? ORDER BY bm25(chunk_fts, ?, ?, ?) LIMIT ?
                """, [expression, Ranking.textWeight, Ranking.sectionWeight, Ranking.titleWeight, share(rareWeight)]))
        }
        return LeaderCandidates(chunks: chunks, newerThan: newerThan, termChunks: termChunks, walk: walk)
    }

    /// The chunks of a query of one frequent word, best first, without asking FTS5 to rank
    /// anything: for one term BM25 orders chunks by the term-frequency weight the list
    /// keeps (its idf is the same for all), and only the chunks newer than the list are
    /// weighed. `nil` when the word is in few enough chunks to rank directly, or has no
    /// list yet.
    static func singleWord(_ db: SQLiteConnection, _ term: SearchQuery.Term, policy: LeaderPolicy) throws -> [(chunk: Int64, score: Double)]? {
        guard !term.isPrefix, term.tokens.count == 1,
              let word = try db.fullTextTerms(of: term.tokens[0], tokenizer: FullTextIndex.tokenizer).first,
              let row = try db.row("""
                  SELECT f.chunks AS chunks, f.last_chunk AS last_chunk, c.chunks AS total
                  FROM frequent_term f, leader_census c WHERE f.term = ?
                  """, [word]),
              let lastChunk = row["last_chunk"] as Int64?, row["chunks"] as Int > policy.directLimit else { return nil }
        let chunks: Double = row["chunks"], total: Double = row["total"]
        // As bm25(): in over half the chunks, a word's idf is a floor of 10⁻⁶.
        let idf = max(log((total - chunks + 0.5) / (chunks + 0.5)), 1e-6)
        try db.registerTermWeight()
        let newer = try db.rows("""
            SELECT rowid AS chunk_id, folio_term_weight(chunk_fts, ?, ?, ?) AS weight FROM chunk_fts WHERE chunk_fts MATCH ? AND rowid > ?
            """, [Ranking.textWeight, Ranking.sectionWeight, Ranking.titleWeight, term.expression, lastChunk])
        let listed = try db.rows("SELECT chunk_id, weight FROM term_leader WHERE term = ?", [word])
        return (newer + listed)
            .map { (chunk: $0["chunk_id"] as Int64, score: -idf * ($0["weight"] as Double)) }
            .sorted { ($0.score, $0.chunk) < ($1.score, $1.chunk) }
    }

    /// The candidates that match `expression` (the tier's terms, then `excluded` terms),
    /// with their BM25 scores (lower is better).
    func scored(_ db: SQLiteConnection, expression: String, excluded: Int) throws -> [(chunk: Int64, score: Double)] {
        try db.registerBM25()
        let counts = termChunks + Array(repeating: 0, count: excluded)
        let select = """
            SELECT rowid AS chunk_id, folio_bm25(chunk_fts, ?, ?, ?\(String(repeating: ", ?", count: counts.count))) AS score
            FROM chunk_fts WHERE chunk_fts MATCH ?
            """
        let arguments: SQLiteArguments = [Ranking.textWeight, Ranking.sectionWeight, Ranking.titleWeight] + SQLiteArguments(counts) + [expression]
        var rows = try db.rows("\(select) AND rowid > ?", arguments + [newerThan])
        let listed = chunks.filter { $0 <= newerThan }
        if !listed.isEmpty {
            rows += try db.rows("\(select) AND \(walk ? "+" : "")rowid IN (\(listed.sorted().map(String.init).joined(separator: ",")))", arguments)
        }
        return rows.map { ($0["chunk_id"], $0["score"]) }
    }
}

/// What the index knows of one typed term: how many chunks it is in, and the lists that
/// lead its frequent words.
private struct TermPart {
    /// Chunks it is in: counted for a rare word or a phrase (whose best chunks no list
    /// knows); for frequent words, as last counted (for a prefix, the sum of its words).
    var chunks = 0
    /// The frequent words' lists: term, its chunks and the last chunk its list covers.
    /// Empty when the term is rare (its matches are read instead).
    var lists: [(term: String, chunks: Int, lastChunk: Int64)] = []

    /// `nil` when a frequent word has no list yet: the caller ranks directly.
    init?(_ db: SQLiteConnection, term: SearchQuery.Term) throws {
        var words: [String] = []
        for (index, token) in term.tokens.enumerated() {
            words += try db.fullTextTerms(of: token, tokenizer: FullTextIndex.tokenizer,
                                          prefix: term.isPrefix && index == term.tokens.count - 1)
        }
        guard let last = words.last else { return }
        var found: [(term: String, chunks: Int, lastChunk: Int64?)] = []
        if term.isPrefix {
            // Every frequent word the prefix covers, the most frequent first.
            found = try db.rows("""
                SELECT term, chunks, last_chunk FROM frequent_term WHERE term >= ? AND term < ? ORDER BY chunks DESC
                """, [last, last + "\u{10FFFF}"]).map { ($0["term"], $0["chunks"], $0["last_chunk"]) }
        } else if words.count == 1 {
            for word in words {
                guard let row = try db.row("SELECT chunks, last_chunk FROM frequent_term WHERE term = ?", [word], cached: true) else {
                    found = []
                    break
                }
                found.append((word, row["chunks"], row["last_chunk"]))
            }
        }
        guard !found.isEmpty else {
            chunks = try db.value(as: Int.self, "SELECT count(*) FROM chunk_fts WHERE chunk_fts MATCH ?", [term.expression]) ?? 0
            return
        }
        guard found.allSatisfy({ $0.lastChunk != nil }) else { return nil }
        chunks = term.isPrefix ? found.reduce(0) { $0 + $1.chunks } : found.map(\.chunks).min() ?? 0
        lists = found.prefix(term.isPrefix ? LeaderCandidates.prefixLists : found.count).map { ($0.term, $0.chunks, $0.lastChunk!) }
    }
}
