import Testing
@testable import FolioStore
import FolioSQLite
import FolioText

/// The common terms' counts (`Migrations/v0008_term_counts.sql`): a query of common words
/// ranked from them gets folio_bm25's scores for the same chunks, whether the counts are
/// all there or some blocks are left to FTS5.
@Suite struct CommonTermRankingTests {
    static let policy = LeaderTests.policy

    /// Every chunk that holds all of `words`, with its score, ranked from the counts.
    static func fromCounts(_ reader: IndexReader, _ words: [String]) throws -> [Int64: Double]? {
        try reader.read("test") { db in
            let required = words.map { [SearchQuery.Term(tokens: [$0], isPrefix: false, isPhrase: false)] }
            let facts = try TermFacts(db, query: SearchQuery(required: required, excluded: []))
            guard let ranking = try CommonTermRanking(db, required: required, facts: facts, policy: policy) else { return nil }
            let best = try ranking.best(db, limit: 100_000)
            return Dictionary(best.map { ($0.chunk, $0.score) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The same, from FTS5 over every match.
    static func fromFTS5(_ reader: IndexReader, _ words: [String]) throws -> [Int64: Double] {
        try reader.read("test") { db in
            let required = words.map { [SearchQuery.Term(tokens: [$0], isPrefix: false, isPhrase: false)] }
            let query = SearchQuery(required: required, excluded: [])
            let plan = try #require(LexicalPlan.tiers(try TermFacts(db, query: query), query, reduced: false).all)
            let rows = try db.rows("SELECT rowid AS id, folio_bm25(chunk_fts, 1, 2, 2, ?) AS score FROM chunk_fts WHERE chunk_fts MATCH ?",
                                   [plan.countsArgument, plan.expression])
            return Dictionary(rows.map { ($0["id"] as Int64, $0["score"] as Double) }, uniquingKeysWith: { first, _ in first })
        }
    }

    static let queries = [["the", "system"], ["the", "data"], ["system", "data", "the"], ["the"]]

    static func expectSame(_ reader: IndexReader, _ note: Comment) throws {
        for words in queries {
            let counted = try #require(try fromCounts(reader, words), "\(words) is ranked from counts")
            let ranked = try fromFTS5(reader, words)
            #expect(!ranked.isEmpty)
            #expect(counted == ranked, "\(words): \(note)")
        }
    }

    @Test func scores_areFolioBM25s_withBlocksMadeOrNot() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        // Written twice, so that the chunks' ids reach a second block.
        try LeaderTests.corpus(store)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(Self.policy) {}
        let reader = try IndexReader(path: database.path)
        #expect(try reader.read("test") { db in try db.value(as: Int64.self, "SELECT max(id) FROM chunk") } ?? 0 > TermCounts.block)
        let common = try reader.read("test") { db in try db.values(as: String.self, "SELECT DISTINCT term FROM term_count") }
        #expect(Set(["the", "system", "data"]).isSubset(of: common), "\(common)")
        #expect(try Self.fromCounts(reader, ["w399"]) == nil, "a rare word is not common")
        try Self.expectSame(reader, "all blocks made")
        // Written since: its block is ranked by FTS5 until it is made again, the other from counts.
        try store.save(TemporaryDatabase.record("/d/new.txt"), chunks: TemporaryDatabase.chunks(["the system data the system"]))
        try Self.expectSame(reader, "a block dropped by a write")
        while try store.tendSearchTables(Self.policy) {}
        #expect(try reader.read("test") { db in try db.value(as: Int.self, "SELECT count(*) FROM term_count WHERE block = 1") } == common.count)
        try Self.expectSame(reader, "made again")
        try store.write("test") { db in try db.execute("UPDATE term_count SET counts = ? WHERE term = 'the' AND block = 1", [TermCounts.unusable]) }
        try Self.expectSame(reader, "a block too full for bytes")
        try store.write("test") { db in try db.execute("DELETE FROM chunk_length") }
        try Self.expectSame(reader, "no lengths")
    }

    /// The counts are what is read: other counts give other scores.
    @Test func scores_comeFromTheCounts() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(Self.policy) {}
        let ones = [UInt8](repeating: 1, count: Int(RowLengths.block))
        try store.write("test") { db in try db.execute("UPDATE term_count SET counts = ? WHERE term = 'the'", [ones]) }
        let reader = try IndexReader(path: database.path)
        #expect(try Self.fromCounts(reader, ["the", "system"]) != Self.fromFTS5(reader, ["the", "system"]))
    }

    /// Searches of common words find what ranking every match finds, with exclusions, one
    /// document per chunk or every chunk; a chunk removed is not found.
    @Test func searches_findWhatEveryMatchRanks() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(Self.policy) {}
        let reader = try IndexReader(path: database.path)
        func paths(_ text: String, _ policy: LeaderPolicy, allChunks: Bool = false) throws -> [String] {
            var request = SearchRequest(query: SearchQuery(parsing: text), limit: 10)
            request.leaders = policy
            request.allChunks = allChunks
            return try reader.search(request).map { "\($0.path)#\($0.chunkOrdinal)" }
        }
        for query in ["the system", "the data system", "system the -tomato", "data the"] {
            #expect(try paths(query, Self.policy) == paths(query, LeaderTests.direct), "\(query)")
            #expect(try paths(query, Self.policy, allChunks: true) == paths(query, LeaderTests.direct, allChunks: true), "\(query)")
        }
        let first = try #require(try paths("the system", Self.policy).first)
        #expect(try store.purge(.file(String(first.prefix { $0 != "#" }))) == 1)
        #expect(try !paths("the system", Self.policy).contains(first))
        #expect(try paths("the system", Self.policy) == paths("the system", LeaderTests.direct))
    }
}
