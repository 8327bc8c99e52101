import Testing
import Foundation
@testable import FolioStore
import FolioSQLite
import FolioText

/// `folio_bm25` (`CFullText/folio_fts.h`) and the chunk lengths it reads
/// (`Migrations/v0005_row_lengths.sql`): the same scores as FTS5's bm25(), and searches
/// that leave the words in over half the chunks out of the ranking find what bm25() finds.
@Suite struct RankingFunctionTests {
    static let policy = LeaderPolicy(frequentChunks: 20, listLength: 30, directLimit: 10, recountShare: 0.05)
    static let expressions = ["\"the\"", "\"data\" AND \"type\"", "(\"kernel\" OR \"memory\") AND \"the\"", "\"the\" NOT \"tomato\"",
                              "\"the system\"", "\"config\" *", "\"w100\" AND \"the\" AND \"system\""]

    /// Each row's bm25() and folio_bm25() for `expression` (`counts`: folio_bm25's row counts).
    static func scores(_ reader: IndexReader, _ expression: String, counts: [Int64] = []) throws -> [(Double, Double)] {
        try reader.read("test") { db in
            try db.rows("""
                SELECT bm25(chunk_fts, 1, 2, 2) AS plain, folio_bm25(chunk_fts, 1, 2, 2, ?) AS ours
                FROM chunk_fts WHERE chunk_fts MATCH ?
                """, [counts.map(String.init).joined(separator: " "), expression]).map { ($0["plain"] as Double, $0["ours"] as Double) }
        }
    }

    static func expectSame(_ reader: IndexReader, _ expression: String, counts: [Int64] = []) throws {
        let scores = try scores(reader, expression, counts: counts)
        #expect(!scores.isEmpty, "\(expression)")
        #expect(scores.allSatisfy { abs($0.0 - $0.1) <= 1e-12 * abs($0.0) + 1e-18 }, "\(expression)")
    }

    @Test func scores_areBM25s_withLengthsKnownOrNot() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(Self.policy) {}
        let reader = try IndexReader(path: database.path)
        #expect(try reader.read("test") { db in try db.value(as: Int.self, "SELECT count(*) FROM chunk_length") } ?? 0 > 0)
        for expression in Self.expressions { try Self.expectSame(reader, expression) }
        // Given the phrases' row counts (here exact), and with an unknown count (-1).
        let data = try reader.read("test") { db in try db.value(as: Int64.self, "SELECT count(*) FROM chunk_fts WHERE chunk_fts MATCH 'data'") } ?? 0
        let type = try reader.read("test") { db in try db.value(as: Int64.self, "SELECT count(*) FROM chunk_fts WHERE chunk_fts MATCH 'type'") } ?? 0
        try Self.expectSame(reader, "\"data\" AND \"type\"", counts: [data, type])
        try Self.expectSame(reader, "\"data\" AND \"type\"", counts: [data, -1])
        // A chunk written since its block was made is measured by FTS5.
        try store.save(TemporaryDatabase.record("/d/new.txt"), chunks: TemporaryDatabase.chunks(["the data type of the system"]))
        for expression in Self.expressions.prefix(2) { try Self.expectSame(reader, expression) }
        try store.write("test") { db in try db.execute("DELETE FROM chunk_length") }
        for expression in Self.expressions.prefix(2) { try Self.expectSame(reader, expression) }
    }

    /// The blocks are what is read: lengths of 1 give other scores.
    @Test func lengths_comeFromTheBlocks() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(Self.policy) {}
        let ones = [UInt8]((0..<RowLengths.block).flatMap { _ in [UInt8(1), 0] })
        try store.write("test") { db in try db.execute("UPDATE chunk_length SET tokens = ?", [ones]) }
        let reader = try IndexReader(path: database.path)
        #expect(try Self.scores(reader, "\"data\"").contains { abs($0.0 - $0.1) > 0.01 * abs($0.0) })
    }

    @Test func varints_areSummed_onlyWhenTheyFillTheRow() {
        #expect(RowLengths.total(ofVarints: [0x82, 0x4F, 0x00, 0x02], count: 3) == 337)
        #expect(RowLengths.total(ofVarints: [0x82, 0x4F, 0x00], count: 3) == nil)
        #expect(RowLengths.total(ofVarints: [0x02, 0x00, 0x82], count: 3) == nil)
        #expect(RowLengths.total(ofVarints: [0x81, 0x81, 0x81, 0x81, 0x01], count: 1) == nil)
    }

    /// The documents bm25() ranks first for an expression of words (one per document).
    static func plainBM25(_ reader: IndexReader, _ words: [String], limit: Int = 10) throws -> [String] {
        let rows = try reader.read("test") { db in
            try db.rows("""
                SELECT d.path AS path FROM chunk_fts JOIN chunk c ON c.id = chunk_fts.rowid JOIN document d ON d.id = c.document_id
                WHERE chunk_fts MATCH ? ORDER BY bm25(chunk_fts, 1, 2, 2), chunk_fts.rowid
                """, [words.map { "\"\($0)\"" }.joined(separator: " AND ")])
        }
        var paths: [String] = []
        for row in rows where !paths.contains(row["path"] as String) {
            paths.append(row["path"])
            if paths.count == limit { break }
        }
        return paths
    }

    /// `the` is in most chunks: it is checked, not ranked, and the order is bm25()'s.
    @Test func searches_rankAsBM25_withCommonWordsChecked() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        try store.save(TemporaryDatabase.record("/d/zebra.txt"), chunks: TemporaryDatabase.chunks(["zebra system zebra system"]))
        while try store.tendSearchTables(Self.policy) {}
        let reader = try IndexReader(path: database.path)
        let common = try reader.read("test") { db in
            try db.value(as: Bool.self, "SELECT 2 * f.chunks >= c.chunks FROM frequent_term f, leader_census c WHERE f.term = 'the'")
        }
        #expect(common == true)
        for words in [["the", "system"], ["data", "type"], ["the", "data", "network"], ["system"], ["zebra"]] {
            let found = try LeaderTests.paths(reader, words.joined(separator: " "), policy: Self.policy)
            let plain = try Self.plainBM25(reader, words)
            #expect(Array(found.prefix(plain.count)) == plain, "\(words)")
        }
        // Without `the`, it matches some of the words, not all.
        let zebra = try reader.search(SearchRequest(query: SearchQuery(parsing: "the zebra"), limit: 10)).first { $0.path == "/d/zebra.txt" }
        #expect(zebra?.matchesAllTerms == false)
        #expect(try LeaderTests.paths(reader, "zebra system", policy: Self.policy).first == "/d/zebra.txt")
    }
}
