import Testing
@testable import FolioStore
import FolioSQLite
import FolioText

/// The frequent terms' hits (`Migrations/v0019_term_hits.sql`): kept for every frequent term
/// that is not common, what FTS5 counts in each chunk, dropped by a write and made again;
/// and what the second tier reads.
@Suite struct TermHitsTests {
    /// The frequent terms that are not common.
    static func terms(_ reader: IndexReader) throws -> [String] {
        try reader.read("test") { db in try db.values(as: String.self, "SELECT term FROM frequent_term WHERE common = 0 ORDER BY term") }
    }

    /// Each term's hits by chunk, from its blocks, and the blocks made.
    static func fromHits(_ reader: IndexReader, _ term: String) throws -> (hits: [Int64: Int], blocks: Int) {
        try reader.read("test") { db in
            var hits: [Int64: Int] = [:]
            let rows = try db.rows("SELECT block, hits FROM term_hits WHERE term = ?", [term])
            for row in rows {
                let number: Int64 = row["block"], blob: [UInt8] = row["hits"]
                for entry in 0..<blob.count / 2 {
                    let (place, count) = TermHits.entry(entry, of: blob)
                    hits[number * TermHits.block + Int64(place)] = count
                }
            }
            return (hits, rows.count)
        }
    }

    /// The same, weighed by FTS5.
    static func fromFTS5(_ reader: IndexReader, _ term: String) throws -> [Int64: Int] {
        try reader.read("test") { db in
            let rows = try db.rows("SELECT rowid AS id, folio_term_frequency(chunk_fts, 1, 2, 2) AS hits FROM chunk_fts WHERE chunk_fts MATCH ?",
                                   ["\"\(term)\""])
            return Dictionary(rows.map { ($0["id"] as Int64, Int($0["hits"] as Double)) }, uniquingKeysWith: { first, _ in first })
        }
    }

    @Test func hits_areWhatFTS5Counts_madeAgainAfterAWrite() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(LeaderTests.policy) {}
        let reader = try IndexReader(path: database.path)
        let terms = try Self.terms(reader)
        #expect(terms.count >= 10, "\(terms)")
        let kept = try reader.read("test") { db in try db.values(as: String.self, "SELECT DISTINCT term FROM term_hits ORDER BY term") }
        #expect(kept == terms)
        let blocks = try reader.read("test") { db in try db.value(as: Int.self, "SELECT max(id) / 1024 + 1 FROM chunk") } ?? 0
        #expect(blocks == 2)
        for term in terms {
            let made = try Self.fromHits(reader, term)
            #expect(made.blocks == blocks, "\(term)")
            #expect(made.hits == (try Self.fromFTS5(reader, term)), "\(term)")
        }
        try store.save(TemporaryDatabase.record("/d/new.txt"), chunks: TemporaryDatabase.chunks(["network kernel memory network"]))
        #expect(try reader.read("test") { db in try db.value(as: Int.self, "SELECT count(*) FROM term_hits WHERE block = 1") } == 0)
        while try store.tendSearchTables(LeaderTests.policy) {}
        for term in terms {
            let made = try Self.fromHits(reader, term)
            #expect(made.blocks == blocks, "\(term)")
            #expect(made.hits == (try Self.fromFTS5(reader, term)), "\(term) made again")
        }
    }

    /// A count that finds a term common, or no longer frequent, takes its hits away; one
    /// that finds a common term no longer common makes them.
    @Test func aCount_keepsTheHitsOfTheTermsItFindsFrequentNotCommon() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(LeaderTests.policy) {}
        let reader = try IndexReader(path: database.path)
        let before = try Self.terms(reader)
        var policy = LeaderTests.policy
        policy.commonShare = 0.2
        policy.frequentChunks = 60
        try store.write("test") { db in try db.execute("UPDATE leader_census SET changed = chunks + 1") }
        while try store.tendSearchTables(policy) {}
        let after = try Self.terms(reader)
        #expect(!Set(before).subtracting(after).isEmpty && !Set(after).subtracting(before).isEmpty, "\(before) → \(after)")
        let kept = try reader.read("test") { db in try db.values(as: String.self, "SELECT DISTINCT term FROM term_hits ORDER BY term") }
        #expect(kept == after)
        for term in after { #expect(try Self.fromHits(reader, term).hits == (try Self.fromFTS5(reader, term)), "\(term)") }
    }

    /// The second tier's shares of a frequent word come from its hits: other hits give
    /// other scores.
    @Test func theSecondTier_readsTheHits() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(LeaderTests.policy) {}
        let reader = try IndexReader(path: database.path)
        let term = try #require(try Self.terms(reader).first { $0.hasPrefix("w") })
        let text = "\(term) w398 w399"
        let found = try AnyTermRankingTests.scores(reader, text)
        #expect(found.terms == found.fts5)
        try store.write("test") { db in
            for row in try db.rows("SELECT block, hits FROM term_hits WHERE term = ?", [term]) {
                let blob: [UInt8] = row["hits"]
                let doubled = (0..<blob.count / 2).flatMap { entry in
                    let (place, count) = TermHits.entry(entry, of: blob)
                    return TermHits.bytes(place: place, hits: 2 * count)
                }
                try db.execute("UPDATE term_hits SET hits = ? WHERE term = ? AND block = ?", [doubled, term, row["block"] as Int64])
            }
        }
        let altered = try AnyTermRankingTests.scores(reader, text)
        #expect(altered.terms != altered.fts5, "\(text)")
    }
}
