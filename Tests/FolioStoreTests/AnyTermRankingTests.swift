import Testing
@testable import FolioStore
import FolioSQLite
import FolioText
import FolioCore

/// The second tier ranked term by term (`AnyTermRanking`): folio_bm25's scores over the
/// terms' OR expression, for the same chunks, whatever the terms (common ones from their
/// counts, rare ones, repeated ones, phrases, prefixes) and whether the counts and lengths
/// are all there.
@Suite struct AnyTermRankingTests {
    static let queries = ["the system tomato w120", "kernel w300 w301 w302", "data data type w250", "\"the system\" memory",
                          "config* river", "the -tomato w140 engine", "w399 w398"]

    /// Every chunk with any term, and its score: term by term, and from FTS5.
    static func scores(_ reader: IndexReader, _ text: String) throws -> (terms: [Int64: Double], fts5: [Int64: Double]) {
        try reader.read("test") { db in
            let query = SearchQuery(parsing: text)
            let facts = try TermFacts(db, query: query)
            let any = try #require(LexicalPlan.tiers(facts, query, reduced: true).any, "\(text)")
            let terms = try AnyTermRanking(plan: any, facts: facts).best(db, limit: 100_000)
            let rows = try db.rows("""
                SELECT rowid AS id, folio_bm25(chunk_fts, 1, 2, 2, ?) AS score FROM chunk_fts
                WHERE chunk_fts MATCH ?
                """, [any.countsArgument, SearchQuery(required: [any.terms], excluded: []).allTermsExpression ?? ""])
            return (Dictionary(terms.map { ($0.chunk, $0.score) }, uniquingKeysWith: { first, _ in first }),
                    Dictionary(rows.map { ($0["id"] as Int64, $0["score"] as Double) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// The common words in fewer than half the chunks, most frequent first.
    static func commonWords(_ db: SQLiteConnection) throws -> [String] {
        try db.values(as: String.self, """
            SELECT term FROM frequent_term WHERE common = 1 AND 2 * chunks < (SELECT chunks FROM leader_census) ORDER BY chunks DESC
            """)
    }

    /// `documents` of `LeaderTests.corpus`, each written on day `id % 10`, the search tables
    /// tended until settled, and a sieve of day 3: a tenth of the documents.
    static func tenDays(_ database: TemporaryDatabase, documents: Int) throws -> (IndexReader, ChunkSieve) {
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store, documents: documents)
        try store.write("test") { db in try db.execute("UPDATE document SET written_s = (id % 10) * 86400") }
        while try store.tendSearchTables(LeaderTests.policy) {}
        var filters = SearchFilters()
        filters.time = TimeRange(from: 3 * 86_400, until: 4 * 86_400)
        return (try IndexReader(path: database.path), try #require(ChunkSieve(filters, keeping: 0.1)))
    }

    /// 4,200 documents of `LeaderTests.corpus`, half written on day 1 and half on day 2, the
    /// search tables tended until settled.
    static func halvedCorpus(_ database: TemporaryDatabase) throws -> IndexReader {
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store, documents: 4_200)
        try store.write("test") { db in try db.execute("UPDATE document SET written_s = (1 + id % 2) * 86400") }
        while try store.tendSearchTables(LeaderTests.policy) {}
        return try IndexReader(path: database.path)
    }

    static func expectSame(_ reader: IndexReader, _ note: Comment) throws {
        for text in queries {
            let found = try scores(reader, text)
            #expect(!found.fts5.isEmpty, "\(text)")
            #expect(found.terms == found.fts5, "\(text): \(note)")
        }
    }

    @Test func scores_areFolioBM25s_withBlocksMadeOrNot() throws {
        try CountStates.walk(written: "the system data the w120 config", unusable: "the", Self.expectSame)
    }

    /// Searches whose second tier is ranked term by term find what ranking the OR
    /// expression in FTS5 finds, with exclusions; a chunk removed is not found.
    @Test func searches_findWhatTheExpressionRanks() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(LeaderTests.policy) {}
        let reader = try IndexReader(path: database.path)
        for text in ["w120 w121 w122 w123", "tomato w300 w301 -river", "the kernel w350 w351"] {
            let hits = try reader.search(SearchRequest(query: SearchQuery(parsing: text), limit: 10))
            #expect(hits.contains { !$0.matchesAllTerms }, "\(text) reaches the second tier")
            let expected = try reader.read("test") { db in
                let query = SearchQuery(parsing: text)
                let any = try #require(LexicalPlan.tiers(try TermFacts(db, query: query), query, reduced: true).any)
                return try db.values(as: Int64.self, """
                    SELECT rowid FROM chunk_fts WHERE chunk_fts MATCH ? ORDER BY folio_bm25(chunk_fts, 1, 2, 2, ?), rowid
                    """, [any.expression, any.countsArgument])
            }
            let paths = try reader.read("test") { db in
                try expected.map { try db.value(as: String.self, "SELECT d.path FROM chunk c JOIN document d ON d.id = c.document_id WHERE c.id = ?", [$0]) ?? "" }
            }
            var firstOfEach: [String] = []
            for path in paths where !firstOfEach.contains(path) { firstOfEach.append(path) }
            let second = hits.filter { !$0.matchesAllTerms }.map(\.path)
            #expect(second == Array(firstOfEach.filter { path in !hits.contains { $0.matchesAllTerms && $0.path == path } }.prefix(second.count)),
                    "\(text)")
        }
    }

    /// A second tier of common words beside rarer terms is ranked from the rarer terms'
    /// chunks alone when the best `limit` of them weigh more than the common words could
    /// together anywhere else (`othersFirst`): the chunks, order and scores of folio_bm25
    /// over every match, in each state of the counts (a block without counts or lengths
    /// gives its common words' shares from FTS5); and the proof holds for some.
    @Test func commonWordsBesideRarerTerms_rankAsEveryMatchRanks() throws {
        var proved = 0
        try CountStates.walk(written: "the system data the w120 config", unusable: "system") { reader, note in
            try reader.read("test") { db in
                let common = try Self.commonWords(db)
                try #require(common.count >= 2)
                for text in ["\(common[0]) \(common[1]) w300 w301", "w350 \(common[0]) w351", "\(common[1]) kernel w302 \(common[1])"] {
                    let query = SearchQuery(parsing: text)
                    let facts = try TermFacts(db, query: query)
                    let any = try #require(LexicalPlan.tiers(facts, query, reduced: true).any, "\(text)")
                    #expect(AnyTermRanking(plan: any, facts: facts).sievesEveryShare, "\(text): sieves its candidates first")
                    let bm25 = try #require(try BM25Terms(db, matching: any.expression, reads: BlockReads()))
                    let ceiling = any.terms.indices.filter { facts.commonWord(any.terms[$0]) != nil }
                        .reduce(0.0) { $0 + BM25Terms.ceiling(idf: bm25.idf(Double(any.counts[$1]))) }
                    for limit in [3, 10, 40] {
                        let terms = try AnyTermRanking(plan: any, facts: facts).best(db, limit: limit)
                        let rows = try db.rows("""
                            SELECT rowid AS id, folio_bm25(chunk_fts, 1, 2, 2, ?) AS score FROM chunk_fts WHERE chunk_fts MATCH ?
                            ORDER BY score, id LIMIT ?
                            """, [any.countsArgument, any.expression, limit])
                        #expect(terms.map(\.chunk) == rows.map { $0["id"] as Int64 }, "\(text), \(limit): \(note)")
                        #expect(terms.map(\.score) == rows.map { $0["score"] as Double }, "\(text), \(limit): \(note)")
                        if rows.count == limit, let last = rows.last, -(last["score"] as Double) > ceiling { proved += 1 }
                    }
                }
            }
        }
        #expect(proved > 0, "no search's best weighed more than its common words' ceilings")
    }

    /// A second tier of one word with a list and rarer terms is ranked from the list when
    /// the list's last weight proves the best (`ListedTerm`): the chunks and order of
    /// folio_bm25 over every match, the scores within a rounding; with chunks newer than
    /// the list too, the listed weights then within what the average chunk length moved
    /// since the list was made (0.1% here, half a percent of a score at most; a list is
    /// made again after 5% of the index changed); where it proves nothing, every chunk is
    /// ranked as before.
    @Test func listedTerm_ranksTheBestAsEveryMatchRanks() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(LeaderTests.policy) {}
        let reader = try IndexReader(path: database.path)
        let listed = try reader.read("test") { db in
            try db.values(as: String.self, """
                SELECT term FROM frequent_term WHERE common = 0 AND last_chunk IS NOT NULL AND chunks > 2 * ? ORDER BY chunks
                """, [LeaderTests.policy.listLength])
        }
        try #require(listed.count >= 2)
        // Chunks where a rare term meets a listed word too weak for its list.
        for number in 0..<2 {
            let text = "\(listed[0]) \(listed[1]) w301 w351 " + Array(repeating: "w390 w391 w392 w393", count: 10).joined(separator: " ")
            try store.save(TemporaryDatabase.record("/d/weak\(number).txt"), chunks: TemporaryDatabase.chunks([text]))
        }
        // And one where a rare term weighs less than the listed word does outside its list.
        let long = Array(repeating: "w390 w391 w392 w393", count: 100).joined(separator: " ")
        try store.save(TemporaryDatabase.record("/d/long.txt"), chunks: TemporaryDatabase.chunks(["zzrare " + long]))
        try store.write("test") { db in try db.execute("UPDATE frequent_term SET stale = 1") }
        while try store.tendSearchTables(LeaderTests.policy) {}
        // `tolerance`: of each score, and then the order is not compared (two chunks a
        // stale weight moves by less than that can trade places).
        func expectSame(_ text: String, limit: Int, within tolerance: Double = 1e-12) throws {
            try reader.read("test") { db in
                let query = SearchQuery(parsing: text)
                let facts = try TermFacts(db, query: query)
                let any = try #require(LexicalPlan.tiers(facts, query, reduced: true).any, "\(text)")
                let terms = try AnyTermRanking(plan: any, facts: facts).best(db, limit: limit)
                let rows = try db.rows("""
                    SELECT rowid AS id, folio_bm25(chunk_fts, 1, 2, 2, ?) AS score FROM chunk_fts WHERE chunk_fts MATCH ?
                    ORDER BY score, id LIMIT ?
                    """, [any.countsArgument, any.expression, limit])
                if tolerance <= 1e-12 { #expect(terms.map(\.chunk) == rows.map { $0["id"] as Int64 }, "\(text)") }
                let every = Dictionary(try db.rows("""
                    SELECT rowid AS id, folio_bm25(chunk_fts, 1, 2, 2, ?) AS score FROM chunk_fts WHERE chunk_fts MATCH ?
                    """, [any.countsArgument, any.expression]).map { ($0["id"] as Int64, $0["score"] as Double) }, uniquingKeysWith: { first, _ in first })
                for (one, other) in zip(terms, rows) {
                    #expect(abs(one.score - (every[one.chunk] ?? 0)) <= tolerance * abs(one.score), "\(text)")
                    #expect(abs(one.score - other["score"]) <= tolerance * abs(one.score), "\(text)")
                }
            }
        }
        let queries = ["\(listed[0]) w300 w301 w302", "w350 \(listed[1]) w351", "\"\(listed[0]) w300\" \(listed[1])"]
        for text in queries { try expectSame(text, limit: 5) }
        for text in queries { try expectSame(text, limit: 40) }
        try expectSame("\(listed[0]) zzrare", limit: LeaderTests.policy.listLength + 1)
        for number in 0..<3 {
            let text = "\(listed[0]) \(listed[0]) \(listed[0]) \(listed[1]) \(listed[1]) w301 w351"
            try store.save(TemporaryDatabase.record("/d/newer\(number).txt"), chunks: TemporaryDatabase.chunks([text]))
        }
        for text in queries { try expectSame(text, limit: 5, within: 5e-3) }
        for text in queries { try expectSame(text, limit: 40, within: 5e-3) }
    }

    /// A filter that keeps half of 4,200 documents, too many for a sieve of the few, gives
    /// one to a second tier of common words beside rarer terms (`sievesEveryShare`), which
    /// sieves its candidates before it weighs them: the search finds the documents the search
    /// without the filter finds that the filter keeps, in their order.
    @Test func aFilterOfHalfTheDocuments_findsWhatTheSearchWithoutItKeeps() throws {
        let database = try TemporaryDatabase()
        let reader = try Self.halvedCorpus(database)
        let (common, kept) = try reader.read("test") { db in
            (try Self.commonWords(db), Set(try db.values(as: String.self, "SELECT path FROM document WHERE written_s = 2 * 86400")))
        }
        try #require(common.count >= 2)
        var reached = 0
        for text in ["\(common[0]) \(common[1]) w300 w301", "w350 \(common[0]) w351 w352"] {
            var filtered = SearchRequest(query: SearchQuery(parsing: text), limit: 10)
            filtered.leaders = LeaderTests.policy
            filtered.filters.time = TimeRange(from: 2 * 86_400, until: nil)
            try reader.read("test") { db in
                let allowed = AllowedChunks()
                #expect(try allowed.chunks(db, filtered) == nil, "more than the most")
                #expect(try allowed.sieve(db) == nil, "half the documents")
                let sieve = try #require(try allowed.sieve(db, everyShare: true))
                let facts = try TermFacts(db, query: filtered.query)
                let any = try #require(LexicalPlan.tiers(facts, filtered.query, reduced: false).any)
                #expect(AnyTermRanking(plan: any, facts: facts).sievesEveryShare, "\(text)")
                // The chunks it gives are the first of FTS5's ranking of the kept documents' matches.
                let sieved = try AnyTermRanking(plan: any, facts: facts).best(db, limit: 200, keptBy: sieve)
                let ranked = try db.values(as: Int64.self, """
                    SELECT f.rowid FROM chunk_fts f JOIN chunk c ON c.id = f.rowid JOIN document d ON d.id = c.document_id
                    WHERE chunk_fts MATCH ? AND d.written_s = 2 * 86400 ORDER BY folio_bm25(chunk_fts, 1, 2, 2, ?), f.rowid
                    """, [any.expression, any.countsArgument])
                #expect(!sieved.kept.isEmpty && sieved.kept.map(\.chunk) == Array(ranked.prefix(sieved.kept.count)), "\(text)")
            }
            var unfiltered = filtered
            unfiltered.filters = SearchFilters()
            unfiltered.limit = 4_200
            let hits = try reader.search(filtered)
            let expected = try reader.search(unfiltered).filter { kept.contains($0.path) }.prefix(10)
            #expect(hits.map(\.path) == expected.map(\.path), "\(text)")
            #expect(hits.map(\.matchesAllTerms) == expected.map(\.matchesAllTerms), "\(text)")
            if hits.contains(where: { !$0.matchesAllTerms }) { reached += 1 }
        }
        #expect(reached > 0, "no search reached the second tier")
    }

    /// A filter ranks the query's words as the search without it does, a word in over half
    /// the chunks left out and checked on the best chunks (`LexicalPlan`): one that keeps
    /// every document finds what the search without it finds, with the same scores, and one
    /// that keeps half finds those of them it keeps, in their order.
    @Test func aFilter_ranksTheWordsAsTheSearchWithoutIt() throws {
        let database = try TemporaryDatabase()
        let reader = try Self.halvedCorpus(database)
        let (half, common, kept) = try reader.read("test") { db in
            (try db.values(as: String.self, "SELECT term FROM frequent_term WHERE 2 * chunks > (SELECT chunks FROM leader_census)"),
             try Self.commonWords(db), Set(try db.values(as: String.self, "SELECT path FROM document WHERE written_s = 2 * 86400")))
        }
        try #require(!half.isEmpty && common.count >= 2)
        for text in ["\(half[0]) \(common[0]) w300 w301", "w350 \(half[0]) w351", "\(half[0]) \(common[0]) \(common[1]) w120"] {
            var unfiltered = SearchRequest(query: SearchQuery(parsing: text), limit: 10)
            unfiltered.leaders = LeaderTests.policy
            var every = unfiltered, halved = unfiltered
            every.filters.time = TimeRange(from: 86_400, until: nil)
            halved.filters.time = TimeRange(from: 2 * 86_400, until: nil)
            let expected = try reader.search(unfiltered)
            let found = try reader.search(every)
            #expect(!expected.isEmpty, "\(text)")
            #expect(found.map(\.path) == expected.map(\.path) && found.map(\.chunkOrdinal) == expected.map(\.chunkOrdinal), "\(text)")
            #expect(found.map(\.score) == expected.map(\.score), "\(text)")
            unfiltered.limit = 4_200
            let keptOfAll = try reader.search(unfiltered).filter { kept.contains($0.path) }.prefix(10)
            #expect(try reader.search(halved).map(\.path) == keptOfAll.map(\.path), "\(text)")
        }
    }

    /// With a filter, a first tier of common words beside rarer frequent words ranks its
    /// chunks in the pass over the blocks that finds the second tier's too (`RarerTermsFirst`):
    /// they are FTS5's ranking of the kept documents' chunks holding every term, and the
    /// second tier that pass leaves in the search's sightings gives what a second tier of its
    /// own gives.
    @Test func aFilteredFirstTier_ranksBothTiersInOnePass() throws {
        let database = try TemporaryDatabase()
        let reader = try Self.halvedCorpus(database)
        let common = try reader.read("test") { db in try Self.commonWords(db) }
        try #require(common.count >= 3)
        for text in ["\(common[0]) \(common[1]) w40 w45", "w40 \(common[0]) w50 \(common[2])", "\(common[0]) w35 \(common[1]) w36"] {
            var request = SearchRequest(query: SearchQuery(parsing: text), limit: 10)
            request.leaders = LeaderTests.policy
            request.filters.time = TimeRange(from: 2 * 86_400, until: nil)
            try reader.read("test") { db in
                let allowed = AllowedChunks()
                _ = try allowed.chunks(db, request)
                let sieve = try #require(try allowed.sieve(db, everyShare: true))
                let facts = try TermFacts(db, query: request.query)
                let tiers = LexicalPlan.tiers(facts, request.query, reduced: false)
                let all = try #require(tiers.all), any = try #require(tiers.any)
                let first = try #require(try MixedTermRanking(db, plan: all, required: request.query.required, facts: facts,
                                                              policy: LeaderTests.policy), "\(text)")
                #expect(first.sievesEveryShare, "\(text)")
                let sieved = try first.best(db, limit: 40, keptBy: sieve)
                let rows = try db.rows("""
                    SELECT f.rowid AS id, folio_bm25(chunk_fts, 1, 2, 2, ?) AS score FROM chunk_fts f JOIN chunk c ON c.id = f.rowid
                    JOIN document d ON d.id = c.document_id WHERE chunk_fts MATCH ? AND d.written_s = 2 * 86400 ORDER BY score, id
                    """, [all.countsArgument, all.expression])
                #expect(!sieved.kept.isEmpty, "\(text)")
                #expect(sieved.kept.map(\.chunk) == rows.prefix(sieved.kept.count).map { $0["id"] as Int64 }, "\(text)")
                for (one, other) in zip(sieved.kept, rows) { #expect(abs(one.score - other["score"]) <= 1e-12 * abs(one.score), "\(text)") }
                #expect(sieved.ranked == min(40, rows.count), "\(text)")
                #expect(facts.sightings.rarerTermsFirst?.serves(any.terms) == true, "\(text)")
                let served = try AnyTermRanking(plan: any, facts: facts).best(db, limit: 200, keptBy: sieve)
                let own = try AnyTermRanking(plan: any, facts: try TermFacts(db, query: request.query)).best(db, limit: 200, keptBy: sieve)
                #expect(!served.kept.isEmpty && served.kept == own.kept && served.ranked == own.ranked, "\(text)")
            }
        }
    }

    /// Whether the counts, hits and lengths are all there or not, the first tier in one pass
    /// with a sieve that keeps every document (`ext:txt`) gives what it gives without one
    /// (within a rounding where FTS5 ranks a block whole), and the second tier served from the
    /// pass what one of its own gives.
    @Test func theFirstTierInOnePass_ranksAsWithoutIt_withBlocksMadeOrNot() throws {
        var filters = SearchFilters()
        filters.extensions = ["txt"]
        let sieve = try #require(ChunkSieve(filters, keeping: 1))
        var checked = 0
        try CountStates.walk(written: "the system data the w120 config", unusable: "the") { reader, note in
            try reader.read("test") { db in
                let common = try Self.commonWords(db)
                try #require(common.count >= 3)
                for text in ["\(common[0]) \(common[1]) w40 w45", "w40 \(common[0]) w50 \(common[2])"] {
                    let query = SearchQuery(parsing: text)
                    let facts = try TermFacts(db, query: query)
                    let tiers = LexicalPlan.tiers(facts, query, reduced: false)
                    guard let all = tiers.all, let any = tiers.any,
                          let first = try MixedTermRanking(db, plan: all, required: query.required, facts: facts, policy: LeaderTests.policy),
                          first.sievesEveryShare else { continue }
                    checked += 1
                    let plain = try first.best(db, limit: 400)
                    let sieved = try first.best(db, limit: 400, keptBy: sieve)
                    #expect(!plain.isEmpty && sieved.kept.map(\.chunk) == plain.map(\.chunk) && sieved.ranked == plain.count, "\(text): \(note)")
                    for (one, other) in zip(sieved.kept, plain) { #expect(abs(one.score - other.score) <= 1e-12 * abs(one.score), "\(text): \(note)") }
                    let served = try AnyTermRanking(plan: any, facts: facts).best(db, limit: 200, keptBy: sieve)
                    let own = try AnyTermRanking(plan: any, facts: try TermFacts(db, query: query)).best(db, limit: 200, keptBy: sieve)
                    #expect(served.kept == own.kept && served.ranked == own.ranked, "\(text): \(note)")
                }
            }
        }
        #expect(checked == 12, "both queries in every state")
    }

    /// With a sieve of a time that keeps a tenth of the documents, the chunks kept are what
    /// FTS5 ranks first among the matches of those documents (none for the rare words of
    /// `w399 w398`), at least as many as the best `limit` of every match hold or a quarter
    /// of the tenth of `limit` the sieve keeps, whether a word's list proves them
    /// (`ListedTerm`: for 50, not for 400) or every chunk is weighed.
    @Test(arguments: [50, 400])
    func aSieve_keepsTheBestOfTheDocumentsItKeeps(limit: Int) throws {
        let database = try TemporaryDatabase()
        let (reader, sieve) = try Self.tenDays(database, documents: 300)
        let listed = try reader.read("test") { db in
            try db.values(as: String.self, """
                SELECT term FROM frequent_term WHERE common = 0 AND last_chunk IS NOT NULL AND chunks > 2 * ? ORDER BY chunks
                """, [LeaderTests.policy.listLength])
        }
        try #require(!listed.isEmpty)
        for text in Self.queries + ["\(listed[0]) w300 w301 w302", "w350 \(listed[0]) w351 w352 w353"] {
            try reader.read("test") { db in
                let query = SearchQuery(parsing: text)
                let facts = try TermFacts(db, query: query)
                let any = try #require(LexicalPlan.tiers(facts, query, reduced: true).any, "\(text)")
                let sieved = try AnyTermRanking(plan: any, facts: facts).best(db, limit: limit, keptBy: sieve)
                let every = SearchQuery(required: [any.terms], excluded: []).allTermsExpression ?? ""
                let rows = try db.rows("""
                    SELECT f.rowid AS id, folio_bm25(chunk_fts, 1, 2, 2, ?) AS score, d.written_s / 86400 = 3 AS kept FROM chunk_fts f
                    JOIN chunk c ON c.id = f.rowid JOIN document d ON d.id = c.document_id WHERE chunk_fts MATCH ? ORDER BY score, id
                    """, [any.countsArgument, every])
                let kept = rows.filter { $0["kept"] as Int64 == 1 }
                let inBest = rows.prefix(limit).count { $0["kept"] as Int64 == 1 }
                #expect(!kept.isEmpty || text == "w399 w398", "\(text): matches in the day kept")
                #expect(sieved.kept.map(\.chunk) == kept.prefix(sieved.kept.count).map { $0["id"] as Int64 }, "\(text)")
                for (one, other) in zip(sieved.kept, kept) { #expect(abs(one.score - other["score"]) <= 1e-12 * abs(one.score), "\(text)") }
                #expect(sieved.kept.count >= min(inBest, limit / 40), "\(text)")
                // Every match ranked to the limit, or every kept match (`RarerTermsFirst.everyKept`).
                #expect(sieved.ranked == min(limit, rows.count) || (sieved.ranked < limit && sieved.kept.count == kept.count), "\(text)")
                if text == "w399 w398" { #expect(!AnyTermRanking(plan: any, facts: facts).sievesEveryShare, "rare words alone") }
            }
        }
    }

    /// A rare word beside common ones, with a sieve of a tenth of the documents over several
    /// blocks of chunks: the kept chunks come mostly from the common words alone, every kept
    /// chunk that holds a term weighed (`RarerTermsFirst.everyKept`), and once the best so far
    /// are found, a block's chunks whose words' ceilings cannot reach the worst of them passed
    /// over (`CommonWordSets`). What they give is what FTS5 ranks first among the kept
    /// documents' matches, at least the tenth of `limit` the sieve keeps.
    @Test func everyKeptChunk_overBlocks_isWhatFTS5RanksFirst() throws {
        let database = try TemporaryDatabase()
        let (reader, sieve) = try Self.tenDays(database, documents: 4_200)
        try reader.read("test") { db in
            #expect(try db.value(as: Int64.self, "SELECT max(id) FROM chunk") ?? 0 > 4 * TermCounts.block, "several blocks")
            let common = try Self.commonWords(db)
            try #require(common.count >= 3)
            for text in ["\(common[0]) \(common[1]) w399", "w398 \(common[2]) \(common[0]) \(common[1])"] {
                let query = SearchQuery(parsing: text)
                let facts = try TermFacts(db, query: query)
                let any = try #require(LexicalPlan.tiers(facts, query, reduced: true).any, "\(text)")
                let rows = try db.rows("""
                    SELECT f.rowid AS id, folio_bm25(chunk_fts, 1, 2, 2, ?) AS score FROM chunk_fts f JOIN chunk c ON c.id = f.rowid
                    JOIN document d ON d.id = c.document_id WHERE chunk_fts MATCH ? AND d.written_s = 3 * 86400 ORDER BY score, id
                    """, [any.countsArgument, SearchQuery(required: [any.terms], excluded: []).allTermsExpression ?? ""])
                for limit in [50, 400] {
                    let sieved = try AnyTermRanking(plan: any, facts: facts).best(db, limit: limit, keptBy: sieve)
                    #expect(sieved.kept.count >= min(rows.count, limit / 10), "\(text), \(limit)")
                    #expect(sieved.kept.map(\.chunk) == rows.prefix(sieved.kept.count).map { $0["id"] as Int64 }, "\(text), \(limit)")
                    for (one, other) in zip(sieved.kept, rows) {
                        #expect(abs(one.score - other["score"]) <= 1e-12 * abs(one.score), "\(text), \(limit)")
                    }
                }
            }
        }
    }
}
