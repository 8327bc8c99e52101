internal import FolioSQLite
internal import FolioText

extension FrequentWordRanking {
    /// A prefix whose chunks are nearly all one frequent word's, ranked from that word's
    /// champion list: `configur*` is nearly all `configur` (configure, configuration…
    /// stemmed), beside a few rare expansions. FTS5 ranked it by merging its expansions'
    /// position lists and weighing every chunk, most of the query's cost
    /// (docs/benchmarks.md); the list has the word's best.
    ///
    /// The prefix weighs a chunk as one term whose hits are its expansions' hits
    /// (`folio_term_weight`). A chunk holding no other expansion weighs what the word alone
    /// weighs there, so the list orders those; the chunks holding another expansion, and
    /// the chunks newer than the list, are weighed whole. The other expansions are read
    /// from FTS5's vocabulary (fts5vocab), which walks their chunks but not the word's.
    /// `nil` when the prefix has no such word, another frequent one, or other expansions
    /// in more chunks than the list is long: FTS5 ranks it then.
    static func rankedPrefix(_ db: SQLiteConnection, _ term: SearchQuery.Term, policy: LeaderPolicy) throws -> [ScoredChunk]? {
        guard term.isPrefix, term.tokens.count == 1,
              let prefix = try db.fullTextTerms(of: term.tokens[0], tokenizer: FullTextIndex.tokenizer).only else { return nil }
        let end = prefix + "\u{10FFFF}"
        let frequent = try db.rows("""
            SELECT f.term AS term, f.chunks AS chunks, f.last_chunk AS last_chunk, c.chunks AS total
            FROM frequent_term f, leader_census c WHERE f.term >= ? AND f.term < ?
            """, [prefix, end])
        guard frequent.count == 1, let lastChunk = frequent[0]["last_chunk"] as Int64?,
              frequent[0]["chunks"] as Int > policy.directLimit else { return nil }
        let word: String = frequent[0]["term"]
        guard word.hasPrefix(prefix), let others = try otherExpansions(db, of: prefix, besides: word, end: end, most: policy.listLength)
        else { return nil }
        // The chunks weighed whole, each phrase of the expression from `first` on one of the
        // prefix's expansions, the word first of them (`folio_term_weight`, whose hits it sums).
        let weights = Ranking.weights.arguments
        let expansions = ([word] + others).map { SearchQuery.Term(tokens: [$0]) }
        func weighed(_ expression: String, first: Int, _ condition: String) throws -> [SQLiteRow] {
            try db.rows("""
                SELECT rowid AS chunk_id, folio_term_weight(chunk_fts, ?1, ?2, ?3, ?4) AS weight,
                       folio_term_frequency(chunk_fts, ?1, ?2, ?3, ?4) AS word_hits
                FROM chunk_fts WHERE chunk_fts MATCH ?5 AND rowid \(condition) ?6
                """, weights + [first, expression, lastChunk])
        }
        func expression(_ groups: [[SearchQuery.Term]]) -> String {
            SearchQuery(required: groups, excluded: []).allTermsExpression ?? ""
        }
        var whole = try hasNewer(db, than: lastChunk) ? weighed(expression([expansions]), first: 0, ">") : []
        if !others.isEmpty {
            // FTS5 walks the other expansions' chunks and seeks the word's list to each.
            whole += try weighed(expression([Array(expansions.dropFirst()), expansions]), first: others.count, "<=")
        }
        // The word's chunks as last counted, and those holding only other expansions.
        let chunks = Double(frequent[0]["chunks"] as Int64 + Int64(whole.count(where: { $0["word_hits"] as Double == 0 })))
        let idf = BM25Terms.idf(rows: frequent[0]["total"], count: chunks)
        var best = Dictionary(try list(db, of: word).map { ($0.chunk, $0.weight) }, uniquingKeysWith: { first, _ in first })
        for row in whole { best[row["chunk_id"]] = max(best[row["chunk_id"]] ?? 0, row["weight"]) }
        return best.map { ScoredChunk(score: -idf * $0.value, chunk: $0.key) }.sorted { ($0.score, $0.chunk) < ($1.score, $1.chunk) }
    }

    /// The indexed terms that start with `prefix` (up to `end`, which no term reaches), but
    /// `word`; `nil` once they are in more than `most` chunks. Read in the two ranges
    /// around `word`: fts5vocab counts every term it steps on, and the word's walk would
    /// cost what ranking from its list saves. The walk over the others costs less than
    /// FTS5's ranking of the prefix, which walks them too.
    private static func otherExpansions(_ db: SQLiteConnection, of prefix: String, besides word: String, end: String,
                                        most: Int) throws -> [String]? {
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunk_vocabulary USING fts5vocab(main, chunk_fts, row)")
        var ranges: [(from: String, through: String)] = [(word + "\u{1}", end)]
        if word != prefix {
            // fts5vocab takes `term < x` as `term <= x`: the range below the word ends at
            // the last string before it that a term could be.
            guard let last = word.unicodeScalars.last, let before = Unicode.Scalar(last.value - 1), before.value > 0 else { return nil }
            ranges.insert((prefix, String(word.unicodeScalars.dropLast()) + String(before) + "\u{10FFFF}"), at: 0)
        }
        var others: [String] = []
        var chunks = 0
        for range in ranges {
            for row in try db.rows("SELECT term, doc FROM temp.chunk_vocabulary WHERE term >= ? AND term <= ? LIMIT ?",
                                   [range.from, range.through, most + 1]) {
                others.append(row["term"])
                chunks += row["doc"] as Int
            }
            if chunks > most { return nil }
        }
        return others
    }
}

private extension Array {
    /// The one element, `nil` if there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
