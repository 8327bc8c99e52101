internal import FolioText
public import FolioCore
internal import FolioSQLite

/// An index a search runs on: the reader's snapshot (`IndexReader`), or the writer's own
/// connection (`IndexStore`, for `FolioEngine` and an index in memory). A search is two
/// reads: the words first (`findWords`), then, with the query's meaning if it has one, the
/// fusion and the hits (`results`). The query's vector is awaited between the two, outside
/// any transaction: a reader never holds a snapshot while a model loads.
public protocol SearchIndex: Sendable {
    /// Ranks the words of `request` (to `Fusion.depth` when meaning may be fused with them)
    /// and tells whether the index has vectors to search the meaning in.
    func findWords(_ request: SearchRequest) throws(StoreError) -> WordMatches
    /// The hits of `request`, its words' ranking `words` fused with `meaning` (the windows
    /// nearest the query's vector) when there is one.
    func results(_ request: SearchRequest, words: WordMatches, meaning: NearestWindows?) throws(StoreError) -> SearchResults
}

extension SearchIndex {
    /// Both phases at once, with `request.meaning` as the query's meaning: for a caller
    /// that has the windows already, or searches by words. (`Searcher` asks for them.)
    public func searchResults(_ request: SearchRequest) throws(StoreError) -> SearchResults {
        try results(request, words: findWords(request), meaning: request.meaning)
    }

    /// The hits of `searchResults(_:)`.
    public func search(_ request: SearchRequest) throws(StoreError) -> [SearchHit] {
        try searchResults(request).hits
    }
}

extension IndexReader: SearchIndex {
    public func findWords(_ request: SearchRequest) throws(StoreError) -> WordMatches {
        try read("search") { db in try IndexSearch.words(db, request) }
    }

    public func results(_ request: SearchRequest, words: WordMatches, meaning: NearestWindows?) throws(StoreError) -> SearchResults {
        try read("search") { db in try IndexSearch.results(db, request, words: words, meaning: meaning, pending: PendingNames.load(beside: path)) }
    }
}

extension IndexStore: SearchIndex {
    public func findWords(_ request: SearchRequest) throws(StoreError) -> WordMatches {
        try read("search") { db in try IndexSearch.words(db, request) }
    }

    public func results(_ request: SearchRequest, words: WordMatches, meaning: NearestWindows?) throws(StoreError) -> SearchResults {
        try read("search") { db in try IndexSearch.results(db, request, words: words, meaning: meaning, pending: PendingNames.load(beside: path)) }
    }
}

/// How a search runs, on whichever connection reads the index.
///
/// By words: first the chunks that contain every term, ranked by BM25; then, if that
/// left room, the chunks that contain only some, ranked the same way below them. So
/// `tax 2023` shows documents with both words first, and a long question still gets its
/// best partial matches. Within each tier, chunks of contents and index pages come after
/// the others (`NavigationText`): they stay findable, below the text they point to. By
/// meaning: the chunks of the windows nearest the query's vector, navigation last too.
/// Hybrid: both lists fused by their standardised scores (`Fusion`).
enum IndexSearch {
    /// The first phase: the words' ranking, unless the search is by meaning alone in an
    /// index with vectors; the words no chunk holds.
    static func words(_ db: SQLiteConnection, _ request: SearchRequest) throws -> WordMatches {
        guard request.limit > 0, !request.query.isEmpty else {
            return WordMatches(ranked: [], unmatchedWords: [], wordsMatched: false, indexHasMeaning: false)
        }
        let wantsMeaning = request.mode != .lexical && !request.query.asksForExactWords
        let hasMeaning = try wantsMeaning && IndexReader.queryModel(db) != nil
        let facts = try TermFacts(db, query: request.query)
        let ranked: [RankedChunk]? = request.mode == .semantic && hasMeaning
            ? nil : try lexicalRanking(db, request: request, facts: facts, depth: hasMeaning ? Fusion.depth : request.limit)
        let (unmatched, matched) = try ranked?.contains(where: \.matchesAll) == true
            ? ([], true) : unmatchedWords(db, request.query, facts: facts)
        return WordMatches(ranked: ranked, unmatchedWords: unmatched, wordsMatched: matched, indexHasMeaning: hasMeaning)
    }

    /// The second phase: `words` fused with `meaning` as the request's mode and the query
    /// allow, and the hits.
    /// `pending`: the files walks in progress have listed (`PendingNames`); those the index
    /// does not hold yet whose name holds the words are shown after the index's named ones.
    static func results(_ db: SQLiteConnection, _ request: SearchRequest, words: WordMatches, meaning: NearestWindows?,
                        pending: PendingNames? = nil) throws -> SearchResults {
        var request = request
        request.meaning = meaning
        let mode = request.effectiveMode
        func found(_ hits: [SearchHit]) -> SearchResults {
            SearchResults(hits: hits, mode: mode, unmatchedWords: words.unmatchedWords, wordsMatched: words.wordsMatched)
        }
        guard request.limit > 0, !request.query.isEmpty else { return found([]) }
        // Not ranked in the first phase when meaning alone was to be searched.
        func lexicalRanking() throws -> [RankedChunk] {
            try words.ranked ?? Self.lexicalRanking(db, request: request, facts: TermFacts(db, query: request.query), depth: request.limit)
        }
        // With the files only listed by name so far, when any holds the words: what the
        // words found is no longer "nothing".
        func foundWithListed(_ ranked: [FusedHit]) throws -> SearchResults {
            let hits = try hits(db, for: ranked, request: request)
            guard let pending else { return found(hits) }
            let listed = try NameTier.listed(db, pending, request: request)
            guard !listed.isEmpty else { return found(hits) }
            let named = min(hits.count, ranked.prefix { $0.lexicalMatch?.named == true }.count)
            let shown = try listedHits(db, listed, request: request)
            return SearchResults(hits: Array((hits[..<named] + shown + hits[named...]).prefix(request.limit)), mode: mode)
        }
        switch mode {
        case .lexical:
            return try foundWithListed(lexicalRanking().prefix(request.limit).map { FusedHit(match: $0) })
        case .semantic:
            let ranked = try semanticRanking(db, request: request, depth: request.limit, wordsMatched: words.wordsMatched)
            return found(try hits(db, for: Fusion.semanticOnly(ranked), request: request))
        case .hybrid:
            let semantic = try semanticRanking(db, request: request, depth: Fusion.depth, wordsMatched: words.wordsMatched)
            let lexical = try lexicalRanking()
            let unembedded = try unembedded(db, lexical, besides: semantic, model: meaning!.model, allChunks: request.allChunks)
            let population = lexical.count < Fusion.depth ? try population(db, request) : 0
            let fused = Fusion.standardised(lexical: lexical, semantic: semantic, allChunks: request.allChunks, population: population,
                                            unembedded: unembedded)
            return try foundWithListed(Array(fused.prefix(request.limit)))
        }
    }

    /// The hits of files known by a walk's list alone: the name is all there is to show, its
    /// words marked, as the index shows a file it knows by its name (`IndexStore.nameChunk`),
    /// and of that kind (`file`: every front end says "by name") until the walk has read it.
    private static func listedHits(_ db: SQLiteConnection, _ files: [PendingNames.File], request: SearchRequest) throws -> [SearchHit] {
        let words = min(request.snippetWords, 64)
        let marker = words > 0 ? try MatchMarker(db, terms: Array(request.query.required.joined())) : nil
        return try files.map { file in
            let name = file.name
            let snippet = try marker.map { Snippet(marked: try $0.snippet(of: name, words: words, in: db).marked) } ?? Snippet(leadingWords: name, count: words)
            return SearchHit(path: file.path, title: nil, kind: .file, chunkOrdinal: 0, page: 1, firstPage: 1, lastPage: 1, pageLabel: nil,
                             section: nil, snippet: snippet, score: 0, matchesAllTerms: true, navigation: false, ocrConfidence: nil,
                             ranking: nil, fields: [:], foundBy: .words, offline: nil)
        }
    }

    /// The required terms no chunk holds (`SearchResults.unmatchedWords`), and whether a
    /// chunk holds any: asked only when no chunk holds them all. What the ranking saw is
    /// taken (`TermSightings`), and a word the last count of frequent terms found in over
    /// half the chunks (left out of the ranked tiers, `LexicalPlan`) is held; any other term
    /// is one FTS5 look-up.
    private static func unmatchedWords(_ db: SQLiteConnection, _ query: SearchQuery, facts: TermFacts) throws -> ([String], Bool) {
        var unmatched: [String] = []
        var matched = false
        func isHeld(_ term: SearchQuery.Term) throws -> Bool {
            if let seen = facts.sightings.held[term] { return seen }
            if facts.isInHalfTheChunks(term) { return true }
            return try db.row("SELECT rowid FROM chunk_fts WHERE chunk_fts MATCH ? LIMIT 1", [term.expression], cached: true) != nil
        }
        for term in query.required.joined() {
            if try isHeld(term) {
                matched = true
            } else if !unmatched.contains(term.shown) {
                unmatched.append(term.shown)
            }
        }
        return (unmatched, matched)
    }

    /// How many documents (chunks, with every chunk asked for) the search could have found:
    /// what the words' scores are standardised over when their list holds every match. A
    /// count of the table alone unless a scope, kinds or pages narrow it: this runs for every
    /// search the words match few documents in, and joining each row (or asking whether a
    /// document has chunks) would walk the whole index for a number the fusion needs only
    /// roughly.
    private static func population(_ db: SQLiteConnection, _ request: SearchRequest) throws -> Int {
        let (filters, arguments) = request.filters.conditions
        let chunks = request.allChunks || request.pages != nil
        let table = chunks ? "chunk c" + (filters.isEmpty ? "" : " JOIN document d ON d.id = c.document_id") : "document d"
        return try db.value(as: Int.self, "SELECT count(*) FROM \(table) WHERE 1\(filters)", arguments) ?? 0
    }

    /// The documents (chunks, with `allChunks`) of `lexical` not in `semantic` that have no
    /// vector of `model` yet: the semantic stage has not reached them.
    private static func unembedded(_ db: SQLiteConnection, _ lexical: [RankedChunk], besides semantic: [RankedChunk], model: Int64,
                                   allChunks: Bool) throws -> Set<Int64> {
        let found = Set(semantic.map { allChunks ? $0.chunk : $0.document })
        let ids = Set(lexical.map { allChunks ? $0.chunk : $0.document }).subtracting(found)
        guard !ids.isEmpty else { return [] }
        let list = ids.map(String.init).joined(separator: ",")
        let sql = allChunks
            ? """
              SELECT c.id AS id FROM chunk c WHERE c.id IN (\(list)) AND NOT EXISTS (
                  SELECT 1 FROM chunk_window w JOIN vector v ON v.model_id = ? AND v.key = w.key WHERE w.chunk_id = c.id)
              """
            : """
              SELECT d.id AS id FROM document d WHERE d.id IN (\(list)) AND NOT EXISTS (
                  SELECT 1 FROM chunk c JOIN chunk_window w ON w.chunk_id = c.id JOIN vector v ON v.model_id = ? AND v.key = w.key
                  WHERE c.document_id = d.id)
              """
        return Set(try db.rows(sql, [model]).map { $0["id"] as Int64 })
    }

    /// Both tiers of the lexical ranking, best first, at most `depth`.
    private static func lexicalRanking(_ db: SQLiteConnection, request: SearchRequest, facts: TermFacts, depth: Int) throws -> [RankedChunk] {
        // With filters too: a filter narrows the ranking of the search without it, and ranking
        // the words in half the chunks cost a filtered question half as much again
        // (docs/benchmarks.md, "Checked at run time, and words in half the chunks").
        let tiers = LexicalPlan.tiers(facts, request.query, reduced: true)
        guard let all = tiers.all else { return [] }
        let allowed = AllowedChunks()
        var ranked = try NameTier.promote(bm25(db, LexicalContext(plan: all, request: request, facts: facts, matchesAll: true, allowed: allowed),
                                               limit: depth), db, request: request, plan: all)
        if ranked.count < depth, let any = tiers.any {
            let seen = Set(ranked.map { request.allChunks ? $0.chunk : $0.document })
            let more = try bm25(db, LexicalContext(plan: any, request: request, facts: facts, matchesAll: false, allowed: allowed),
                                limit: depth + ranked.count)
            ranked += more.filter { !seen.contains(request.allChunks ? $0.chunk : $0.document) }.prefix(depth - ranked.count)
        }
        return ranked
    }

    /// The best `limit` matches of a tier, ranked by the first strategy that takes its plan
    /// (`LexicalStrategies.ordered`), from a few more chunks than `limit` at a time: enough
    /// that contents pages (or, one per document, a few long documents) rarely call for a
    /// second round; exactly `limit` chunks made every chunk of text count, and a deep
    /// search with --all-chunks ranked its matches twice; with filters that keep a share of
    /// the documents, a ranking of every match is asked for that many more at once. A
    /// ranking that may leave matches out stands only when it fills the search.
    private static func bm25(_ db: SQLiteConnection, _ context: LexicalContext, limit: Int) throws -> [RankedChunk] {
        let request = context.request
        for type in LexicalStrategies.ordered {
            guard let strategy = try type.init(db, context) else { continue }
            let excluded = strategy.excludes ? [] : request.query.excluded
            var chunks = request.allChunks ? limit * 2 : limit * 4
            if strategy.ranksAllAtOnce, let share = try context.allowed.share(db) {
                chunks = Int((Double(chunks) / max(share, 1.0 / 64)).rounded(.up))
            }
            let sieve = try context.allowed.sieve(db, everyShare: strategy.sievesEveryShare)
            while true {
                var scored: [ScoredChunk]
                let seenAll: Bool
                if let sieve {
                    let sieved = try strategy.best(db, limit: chunks, keptBy: sieve)
                    (scored, seenAll) = (sieved.kept, sieved.ranked < chunks)
                } else {
                    scored = try strategy.best(db, limit: chunks)
                    seenAll = scored.count < chunks
                }
                let out = try TermPresence.chunks(db, holdingAny: excluded, among: scored.map(\.chunk), facts: context.facts)
                scored.removeAll { out.contains($0.chunk) }
                let ranked = try bestHoldingFilter(db, scored, context, limit: limit, sieved: sieve != nil)
                let text = ranked.count(where: { !$0.navigation })
                guard strategy.ranksEveryMatch else {
                    if text >= min(limit, request.limit) { return ranked }
                    break
                }
                // Enough documents that are not navigation, or every match seen. A narrow scope
                // or a few documents holding most matches need more chunks.
                if text >= limit || seenAll { return ranked }
                chunks *= 4
            }
        }
        return []
    }

    /// The best of `scored` a document (`BestPerDocument`) among the chunks that hold every
    /// word the plan checks instead of ranking (`LexicalPlan.filter`), checked from the best a
    /// slice at a time: the first `limit` times four, as many as a search without filters
    /// ranks, then four times as many more while those kept give fewer than `limit`
    /// documents of text. A filter that keeps a share of the documents has its ranking asked
    /// for that many more chunks, and checking every one of them cost more than leaving the
    /// words out saved (docs/benchmarks.md, "Checked at run time, and words in half the
    /// chunks"). The chunks after a slice whose chunks gave `limit` documents rank below all
    /// of those, and change none.
    private static func bestHoldingFilter(_ db: SQLiteConnection, _ scored: [ScoredChunk], _ context: LexicalContext, limit: Int,
                                          sieved: Bool) throws -> [RankedChunk] {
        func best(_ chunks: [ScoredChunk]) throws -> [RankedChunk] {
            try BestPerDocument.ranked(db, chunks, request: context.request, limit: limit, matchesAll: context.matchesAll, sieved: sieved)
        }
        guard !context.plan.filter.isEmpty else { return try best(scored) }
        var kept: [ScoredChunk] = []
        var checked = 0, slice = limit * 4
        while true {
            let next = scored[checked..<min(scored.count, checked + slice)]
            let holding = try TermPresence.chunks(db, holdingAll: context.plan.filter, among: next.map(\.chunk), facts: context.facts)
            kept += next.filter { holding.contains($0.chunk) }
            checked += next.count
            let ranked = try best(kept)
            if checked == scored.count || ranked.count(where: { !$0.navigation }) >= limit { return ranked }
            slice *= 4
        }
    }

    /// The chunks of the nearest windows (best window first, those of contents and index
    /// pages after the others; one chunk per document unless `allChunks`), within the
    /// request's scope and kinds and without its excluded words.
    /// Windows below `Fusion.leastSimilarity(for:wordsMatched:)` are no match: a query about
    /// tomatoes does not list every document by how little it is about them.
    private static func semanticRanking(_ db: SQLiteConnection, request: SearchRequest, depth: Int, wordsMatched: Bool) throws -> [RankedChunk] {
        guard let meaning = request.meaning else { return [] }
        let floor = Fusion.leastSimilarity(for: request.query, wordsMatched: wordsMatched)
        let near = meaning.windows.filter { $0.similarity >= floor }
        let similarity = Dictionary(near.map { ($0.key, $0.similarity) }, uniquingKeysWith: max)
        guard !similarity.isEmpty else { return [] }
        let keys = similarity.keys.map(String.init).joined(separator: ",")
        let (filters, arguments) = request.filters.conditions
        var candidates: [RankedChunk] = []
        for row in try db.rows("""
            SELECT w.key AS key, c.id AS chunk_id, c.document_id AS document_id, coalesce(c.navigation, 0) AS navigation
            FROM chunk_window w JOIN chunk c ON c.id = w.chunk_id JOIN document d ON d.id = c.document_id
            WHERE w.key IN (\(keys))\(filters)
            """, arguments) {
            candidates.append(RankedChunk(chunk: row["chunk_id"], document: row["document_id"],
                                          score: Double(similarity[row["key"] as Int64] ?? 0), matchesAll: false, navigation: row["navigation"]))
        }
        let excluded = request.query.excluded
        let excludedChunks = excluded.isEmpty ? [] : try TermPresence.chunks(db, holdingAny: excluded, among: Array(Set(candidates.map(\.chunk))),
                                                                             facts: TermFacts(db, terms: excluded))
        var seen: Set<Int64> = []
        return candidates
            .filter { !excludedChunks.contains($0.chunk) }
            .sorted { ($0.navigation ? 1 : 0, -$0.score, $0.chunk) < ($1.navigation ? 1 : 0, -$1.score, $1.chunk) }
            .filter { seen.insert(request.allChunks ? $0.chunk : $0.document).inserted }
            .prefix(depth)
            .map { $0 }
    }

    /// The hits of ranked chunks, in their order: where each is, and its snippet. A chunk
    /// the words matched gets a snippet around the matches (`MatchMarker`); one found by
    /// meaning only gets the start of its text.
    private static func hits(_ db: SQLiteConnection, for ranked: [FusedHit], request: SearchRequest) throws -> [SearchHit] {
        guard !ranked.isEmpty else { return [] }
        let columns = """
            c.id, c.document_id, d.path, d.title, d.kind, c.ordinal, c.page_first, c.page_last, c.page_break, c.section, c.first_line, c.outline,
            coalesce(c.navigation, 0) AS navigation,
            p1.label AS label1, p1.ocr_confidence AS ocr1, p2.label AS label2, p2.ocr_confidence AS ocr2
            """
        let page = """
            LEFT JOIN page p1 ON p1.document_id = c.document_id AND p1.number = c.page_first
            LEFT JOIN page p2 ON p2.document_id = c.document_id AND p2.number = c.page_last
            """
        let words = min(request.snippetWords, 64)
        let ids = ranked.map { String($0.chunk) }.joined(separator: ",")
        let rows = try db.rows("""
            SELECT \(columns), CASE WHEN ? > 0 THEN c.text ELSE '' END AS text
            FROM chunk c JOIN document d ON d.id = c.document_id \(page) WHERE c.id IN (\(ids))
            """, [words])
        let byID = Dictionary(rows.map { ($0["id"] as Int64, $0) }, uniquingKeysWith: { first, _ in first })
        let fields = try Self.fields(db, of: Set(rows.map { $0["document_id"] as Int64 }))
        let offline = try VolumeQueries.all(db, offlineOnly: true)
        let marker = words > 0 && ranked.contains { $0.lexicalMatch != nil }
            ? try MatchMarker(db, terms: Array(request.query.required.joined())) : nil
        return try ranked.compactMap { match in
            guard let row = byID[match.chunk] else { return nil }
            let firstPage: Int = row["page_first"]
            let text: String = row["text"]
            let snippet: Snippet
            let kind = DocumentKind(rawValue: row["kind"]) ?? .text
            var section: String? = row["section"]
            var firstMatch: Int?
            var onLastPage = false
            if match.lexicalMatch != nil, let marker {
                // For a chunk over two pages, the first match tells which page it is shown at.
                let found = try marker.snippet(of: text, words: words, in: db)
                snippet = Snippet(marked: found.marked)
                firstMatch = found.firstMatch
                if let pageBreak = row["page_break"] as Int?, let firstMatch { onLastPage = firstMatch >= pageBreak }
            } else {
                snippet = Snippet(leadingWords: text, count: words)
            }
            if let firstLine = row["first_line"] as Int? {
                section = CodeLine.section(firstLine: firstLine, text: text, firstMatch: firstMatch, definition: section, outline: row["outline"])
            }
            return SearchHit(
                path: row["path"], title: row["title"], kind: kind,
                chunkOrdinal: row["ordinal"], page: onLastPage ? row["page_last"] : firstPage, firstPage: firstPage,
                lastPage: row["page_last"], pageLabel: row[onLastPage ? "label2" : "label1"], section: section,
                snippet: snippet,
                score: match.lexicalMatch?.score ?? -Double(match.ranking?.similarity ?? 0),
                matchesAllTerms: match.lexicalMatch?.matchesAll ?? false, navigation: row["navigation"],
                ocrConfidence: row[onLastPage ? "ocr2" : "ocr1"], ranking: match.ranking, fields: fields[row["document_id"]] ?? [:],
                foundBy: match.foundBy, offline: offline.offline(holding: row["path"]))
        }
    }

    /// The fields of the documents `ids`, by document.
    private static func fields(_ db: SQLiteConnection, of ids: Set<Int64>) throws -> [Int64: [DocumentField: String]] {
        guard !ids.isEmpty else { return [:] }
        var fields: [Int64: [DocumentField: String]] = [:]
        let list = ids.map(String.init).joined(separator: ",")
        for row in try db.rows("SELECT document_id, name, value FROM document_field WHERE document_id IN (\(list))") {
            guard let name = DocumentField(rawValue: row["name"]) else { continue }
            fields[row["document_id"], default: [:]][name] = row["value"]
        }
        return fields
    }
}
