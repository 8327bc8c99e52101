import Testing
@testable import FolioStore
import FolioSQLite
import FolioText

/// `TermPresence`: which chunks hold a word, from a common word's counts where they are
/// made, else from FTS5, gives what FTS5 gives, for common and rare words, phrases and
/// prefixes, with all blocks counted or some not.
@Suite struct TermPresenceTests {
    static let terms = ["the", "system", "w120", "\"the system\"", "conf*"].map { SearchQuery(parsing: $0).required[0][0] }

    /// The chunks that hold `term`, every chunk asked, both ways.
    static func holding(_ reader: IndexReader, _ term: SearchQuery.Term) throws -> (presence: Set<Int64>, fts5: Set<Int64>) {
        try reader.read("test") { db in
            let ids = try db.values(as: Int64.self, "SELECT id FROM chunk")
            return (try TermPresence.chunks(db, holdingAny: [term], among: ids, facts: TermFacts(db, terms: [term])),
                    Set(try db.values(as: Int64.self, "SELECT rowid FROM chunk_fts WHERE chunk_fts MATCH ?", [term.expression])))
        }
    }

    static func expectSame(_ reader: IndexReader, _ note: Comment) throws {
        for term in terms {
            let (presence, fts5) = try holding(reader, term)
            #expect(!fts5.isEmpty, "\(term.expression) is in the corpus")
            #expect(presence == fts5, "\(term.expression): \(note)")
        }
    }

    @Test func chunksHoldingAWord_areFTS5s_withCountsMadeOrNot() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        try LeaderTests.corpus(store)
        try Self.expectSame(IndexReader(path: database.path), "no counts made")
        while try store.tendSearchTables(CommonTermRankingTests.policy) {}
        let reader = try IndexReader(path: database.path)
        try Self.expectSame(reader, "all blocks made")
        try store.save(TemporaryDatabase.record("/d/new.txt"), chunks: TemporaryDatabase.chunks(["the system data the system"]))
        try Self.expectSame(reader, "a block dropped by a write")
        try store.write("test") { db in try db.execute("UPDATE term_count SET counts = ? WHERE term = 'the' AND block = 0", [TermCounts.unusable]) }
        try Self.expectSame(reader, "a block too full for bytes")
    }

    /// The counts are what is read for a common word, and every word counts for
    /// `holdingAll`, any for `holdingAny`.
    @Test func commonWords_areReadFromTheirCounts_andCombined() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(CommonTermRankingTests.policy) {}
        let reader = try IndexReader(path: database.path)
        let (the, system) = (Self.terms[0], Self.terms[1])
        let theFTS5 = try Self.holding(reader, the).fts5, systemFTS5 = try Self.holding(reader, system).fts5
        try reader.read("test") { db in
            let ids = try db.values(as: Int64.self, "SELECT id FROM chunk")
            let facts = try TermFacts(db, terms: [the, system])
            #expect(try TermPresence.chunks(db, holdingAll: [the, system], among: ids, facts: facts) == theFTS5.intersection(systemFTS5))
            #expect(try TermPresence.chunks(db, holdingAny: [the, system], among: ids, facts: facts) == theFTS5.union(systemFTS5))
            #expect(try TermPresence.chunks(db, holdingAny: [], among: ids, facts: facts).isEmpty)
        }
        try store.write("test") { db in try db.execute("UPDATE term_count SET counts = zeroblob(length(counts)) WHERE term = 'the'") }
        #expect(try Self.holding(reader, the).presence.isEmpty)
    }
}
