import Testing
@testable import FolioStore
import FolioSQLite
import FolioText

/// Common words beside rarer terms (`MixedTermRanking`): the rarer terms' chunks from FTS5,
/// the common words' shares from their counts, gives folio_bm25's ranking of every chunk
/// that holds them all (the scores summed in another order, so within a rounding), whether
/// the counts and lengths are all there or some blocks are left to FTS5.
@Suite struct MixedTermRankingTests {
    /// Common words (in 15% of the chunks or more, `LeaderTests.policy`) in under half the
    /// chunks, which the plan ranks (`kernel`, `tomato`, `garden`, `river`, `memory`), each
    /// beside two rarer terms or more whose chunks together are few (`costsLess`).
    static let queries = ["kernel tomato w120 w150", "\"the system\" garden w120", "memory config* w130", "w130 w131 river"]

    /// Every chunk the plan of `text` ranks, best first: from the counts and FTS5 together,
    /// and from FTS5 alone.
    static func rankings(_ reader: IndexReader, _ text: String) throws -> (mixed: [ScoredChunk], fts5: [Row]) {
        try reader.read("test") { db in
            let query = SearchQuery(parsing: text)
            let facts = try TermFacts(db, query: query)
            let plan = try #require(LexicalPlan.tiers(facts, query, reduced: true).all, "\(text)")
            let ranking = try #require(try MixedTermRanking(db, plan: plan, required: query.required, facts: facts, policy: LeaderTests.policy),
                                       "\(text) is ranked from counts and FTS5")
            let rows = try db.rows("""
                SELECT rowid AS id, folio_bm25(chunk_fts, 1, 2, 2, ?) AS score FROM chunk_fts WHERE chunk_fts MATCH ?
                ORDER BY score, id
                """, [plan.countsArgument, plan.expression])
            return (try ranking.best(db, limit: 100_000), rows.map { Row(chunk: $0["id"], score: $0["score"]) })
        }
    }

    struct Row {
        let chunk: Int64
        let score: Double
    }

    static func expectSame(_ reader: IndexReader, _ note: Comment) throws {
        for text in queries {
            let (mixed, fts5) = try rankings(reader, text)
            #expect(!fts5.isEmpty, "\(text)")
            #expect(mixed.map(\.chunk) == fts5.map(\.chunk), "\(text): \(note)")
            for (one, other) in zip(mixed, fts5) { #expect(abs(one.score - other.score) <= 1e-12 * abs(other.score), "\(text): \(note)") }
        }
    }

    @Test func scores_areFolioBM25s_withBlocksMadeOrNot() throws {
        try CountStates.walk(written: "kernel tomato w120 tax garden w150 memory config", unusable: "garden", Self.expectSame)
    }

    /// No common word, or only common words, or rarer terms whose chunks would cost more
    /// to weigh than seeking the common words' lists: ranked otherwise.
    @Test func otherQueries_areLeftToTheOtherRankings() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(LeaderTests.policy) {}
        let reader = try IndexReader(path: database.path)
        try reader.read("test") { db in
            for text in ["w120 w150", "kernel tomato", "tomato OR river kernel w120 w150", "kernel w41"] {
                let query = SearchQuery(parsing: text)
                let facts = try TermFacts(db, query: query)
                let plan = try #require(LexicalPlan.tiers(facts, query, reduced: true).all)
                #expect(try MixedTermRanking(db, plan: plan, required: query.required, facts: facts, policy: LeaderTests.policy) == nil, "\(text)")
            }
        }
    }

    /// The chunk counts of two questions at 100,000 files: `how do I configure the network`
    /// (`how`, `do`, `i`; `configur`, `network`) weighs 837 chunks instead of seeking three
    /// lists to 5,725; `how to install python` (`how`, `python`; `instal`) would weigh all
    /// 17,537 of `instal`'s.
    @Test func weighing_isChosenWhenTheRarerTermsTogetherAreFew() {
        #expect(MixedTermRanking.costsLess(common: [31_836, 66_783, 29_494], others: [24_310, 5_725], chunks: 179_315))
        #expect(!MixedTermRanking.costsLess(common: [31_836, 56_492], others: [17_537], chunks: 179_315))
    }
}
