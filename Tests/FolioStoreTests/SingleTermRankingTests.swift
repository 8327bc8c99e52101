import Testing
@testable import FolioStore
import FolioSQLite
import FolioText
import Glibc

/// One term of unknown count ranked in one walk (`SingleTermRanking`): folio_bm25's order
/// and scores for the chunks holding it, its idf counted from the rows the walk weighed.
@Suite struct SingleTermRankingTests {
    static let terms = ["\"data type\"", "config*", "tomato", "w350", "\"the system\"", "t*"]

    /// Every chunk holding `text`'s one term, best first, from FTS5 counting its rows itself.
    static func folioBM25(_ db: SQLiteConnection, _ text: String) throws -> [ScoredChunk] {
        try db.rows("""
            SELECT rowid AS id, folio_bm25(chunk_fts, 1, 2, 2, '-1') AS score FROM chunk_fts WHERE chunk_fts MATCH ?
            ORDER BY score, id
            """, [SearchQuery(parsing: text).required[0][0].expression]).map { ScoredChunk(score: $0["score"] as Double, chunk: $0["id"] as Int64) }
    }

    /// LeaderTests' corpus, with no lists or counts made: every term's count unknown.
    static func corpus() throws -> IndexReader {
        let database = try TemporaryDatabase()
        try LeaderTests.corpus(try IndexStore(path: database.path))
        return try IndexReader(path: database.path)
    }

    @Test func order_andScores_areFolioBM25s() throws {
        let reader = try Self.corpus()
        try reader.read("test") { db in
            for text in Self.terms {
                let term = SearchQuery(parsing: text).required[0][0]
                let expected = try Self.folioBM25(db, text)
                #expect(expected.count > 3, "\(text)")
                let ranked = try SingleTermRanking(term: term).best(db, limit: 100_000)
                #expect(ranked.map(\.chunk) == expected.map(\.chunk), "\(text)")
                for (found, score) in zip(ranked, expected) {
                    #expect(abs(found.score - score.score) <= 1e-12 * abs(score.score), "\(text): chunk \(found.chunk)")
                }
                // The LIMIT keeps the best, and still every chunk is weighed for the idf.
                let best = try SingleTermRanking(term: term).best(db, limit: 3)
                #expect(best.map(\.chunk) == Array(expected.prefix(3).map(\.chunk)), "\(text)")
                #expect(best.map(\.score) == Array(ranked.prefix(3).map(\.score)), "\(text)")
            }
            #expect(try SingleTermRanking(term: SearchQuery(parsing: "nowhere").required[0][0]).best(db, limit: 10).isEmpty)
        }
    }

    /// folio_term_idf gives the idf of the rows the last weighing statement weighed: none
    /// before any, and the count of that statement's rows, not of one before it.
    @Test func termIDF_countsTheLastStatementsRows() throws {
        let reader = try Self.corpus()
        try reader.read("test") { db in
            #expect(try db.value(as: Double.self, "SELECT folio_term_idf()") == nil)
            let total = try #require(try db.value(as: Double.self, "SELECT count(*) FROM chunk_fts"))
            for text in ["system", "tomato"] {
                let rows = try #require(try db.value(as: Double.self, "SELECT count(*) FROM chunk_fts WHERE chunk_fts MATCH ?", [text]))
                _ = try db.rows("SELECT folio_term_weight(chunk_fts, 1, 2, 2) AS w FROM chunk_fts WHERE chunk_fts MATCH ? ORDER BY w LIMIT 1", [text])
                let idf = try #require(try db.value(as: Double.self, "SELECT folio_term_idf()"))
                #expect(idf == max(log((total - rows + 0.5) / (rows + 0.5)), 1e-6), "\(text) in \(rows) of \(total)")
            }
        }
    }
}
