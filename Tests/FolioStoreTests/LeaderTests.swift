import Testing
import Foundation
@testable import FolioStore
import FolioCore
import FolioText

/// The champion lists (`Migrations/v0004_leaders.sql`): a query of frequent words ranked
/// from them finds what ranking every match finds.
@Suite struct LeaderTests {
    /// Small enough that the test corpus has frequent words: in 20 chunks or more, lists of
    /// 30, and anything matching more than 10 chunks ranked from the lists.
    static let policy = LeaderPolicy(frequentChunks: 20, listLength: 30, directLimit: 10, recountShare: 0.05)
    /// Every query ranked directly, as before the lists.
    static let direct = LeaderPolicy(frequentChunks: 20, listLength: 30, directLimit: .max, recountShare: 0.05)

    /// `documents` (300) documents of one to three chunks, of words drawn from a vocabulary
    /// of 400 with Zipf's law (a fixed generator), as text has them: the first words in most
    /// chunks, the last in a few.
    static func corpus(_ store: IndexStore, documents: Int = 300) throws {
        let named = ["the", "system", "data", "type", "network", "configure", "configuration", "kernel", "memory", "file",
                     "reads", "writes", "slowly", "quickly", "tax", "invoice", "garden", "tomato", "river", "engine"]
        let vocabulary = named + (named.count..<400).map { "w\($0)" }
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        func word() -> String {
            vocabulary[min(Int(pow(Double(vocabulary.count), Double(next(1_000_000)) / 1_000_000)) - 1, vocabulary.count - 1)]
        }
        for number in 0..<documents {
            let chunks = (0...next(3)).map { _ in (0..<(5 + next(60))).map { _ in word() }.joined(separator: " ") }
            try store.save(TemporaryDatabase.record("/d/\(number).txt"), chunks: TemporaryDatabase.chunks(chunks))
        }
    }

    static func paths(_ reader: IndexReader, _ text: String, policy: LeaderPolicy, limit: Int = 10) throws -> [String] {
        var request = SearchRequest(query: SearchQuery(parsing: text), limit: limit)
        request.leaders = policy
        return try reader.search(request).map(\.path)
    }

    @Test func frequentWords_rankAsEveryMatchRanks() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.corpus(store)
        while try store.tendSearchTables(Self.policy) {}
        #expect(try store.tendSearchTables(Self.policy) == false)
        let reader = try IndexReader(path: database.path)
        // One word (from its list alone), one word without another; and what is ranked
        // directly: a phrase, several words, a prefix.
        for query in ["the", "system", "configur", "the -tomato", "\"the system\"", "data type", "the system network", "config*",
                      "kernel OR memory", "tax invoice garden tomato river"] {
            #expect(try Self.paths(reader, query, policy: Self.policy) == Self.paths(reader, query, policy: Self.direct), "\(query)")
        }
    }

    /// A prefix of one frequent word (`configur`, from configure and configuration) and rarer
    /// terms, before the word and after it, is ranked from the word's list and the chunks
    /// of the rarer terms: in the order and with the scores of ranking every match. Chunks
    /// newer than the list are ranked with it; a prefix whose rarer terms are in more
    /// chunks than a list holds is ranked by FTS5.
    @Test func prefixOfOneFrequentWord_ranksAsEveryMatchRanks() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.corpus(store)
        for (number, text) in ["configurzz configure tax", "configs configfile", "confign configuration configuration"].enumerated() {
            try store.save(TemporaryDatabase.record("/d/older\(number).txt"), chunks: TemporaryDatabase.chunks([text]))
        }
        while try store.tendSearchTables(Self.policy) {}
        let reader = try IndexReader(path: database.path)
        func fromList(_ text: String) throws -> [ScoredChunk]? {
            try reader.read("test") { db in
                let term = SearchQuery(parsing: text).required[0][0]
                return try FrequentWordRanking.ranked(db, term, facts: TermFacts(db, terms: [term]), policy: Self.policy)
            }
        }
        for query in ["configur*", "config*", "configuration*"] {
            let whole = try reader.read("test") { db in try SingleTermRanking(term: SearchQuery(parsing: query).required[0][0]).best(db, limit: 10) }
            let listed = try #require(try fromList(query), "\(query)")
            #expect(listed.prefix(10).map(\.chunk) == whole.map(\.chunk), "\(query)")
            for (one, other) in zip(listed, whole) { #expect(abs(one.score - other.score) <= 1e-12 * abs(other.score), "\(query)") }
            #expect(try Self.paths(reader, query, policy: Self.policy) == Self.paths(reader, query, policy: Self.direct), "\(query)")
            #expect(try Self.paths(reader, "\(query) -tax", policy: Self.policy) == Self.paths(reader, "\(query) -tax", policy: Self.direct))
        }
        #expect(try fromList("configura*") == nil)
        #expect(try fromList("configurzz*") == nil)

        for (number, text) in ["configurqq", "configure configure configure configure", "configs"].enumerated() {
            try store.save(TemporaryDatabase.record("/d/newer\(number).txt"), chunks: TemporaryDatabase.chunks([text]))
        }
        let found = try Self.paths(reader, "config*", policy: Self.policy, limit: 1000)
        #expect(found.first == "/d/newer1.txt")
        #expect(found.contains("/d/newer0.txt") && found.contains("/d/newer2.txt"))
        for number in 0..<31 {
            try store.save(TemporaryDatabase.record("/d/many\(number).txt"), chunks: TemporaryDatabase.chunks(["configurxx"]))
        }
        #expect(try fromList("config*") == nil)
    }

    /// A chunk written after the lists is ranked with them, also when it takes the id of
    /// the newest chunk removed before it.
    @Test func newerChunks_areRankedWithTheLists() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.corpus(store)
        while try store.tendSearchTables(Self.policy) {}
        let reader = try IndexReader(path: database.path)
        try store.save(TemporaryDatabase.record("/d/new.txt"), chunks: TemporaryDatabase.chunks(["kernel kernel kernel kernel"]))
        #expect(try Self.paths(reader, "kernel", policy: Self.policy).first == "/d/new.txt")
        #expect(try store.purge(.file("/d/new.txt")) == 1)
        while try store.tendSearchTables(Self.policy) {}
        try store.save(TemporaryDatabase.record("/d/again.txt"), chunks: TemporaryDatabase.chunks(["memory memory memory memory"]))
        #expect(try Self.paths(reader, "memory", policy: Self.policy).first == "/d/again.txt")
        #expect(try Self.paths(reader, "memory", policy: Self.policy) == Self.paths(reader, "memory", policy: Self.direct))
    }

    /// The terms are counted again once a share of the index changed, and a word that
    /// became frequent gets a list.
    @Test func changes_bringACount_andNewFrequentWordsGetLists() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.corpus(store)
        while try store.tendSearchTables(Self.policy) {}
        for number in 0..<60 {
            try store.save(TemporaryDatabase.record("/d/zebra\(number).txt"), chunks: TemporaryDatabase.chunks(["zebra crossing \(number)"]))
        }
        #expect(try store.tendSearchTables(Self.policy) == true)
        while try store.tendSearchTables(Self.policy) {}
        let reader = try IndexReader(path: database.path)
        #expect(try Self.paths(reader, "zebra", policy: Self.policy) == Self.paths(reader, "zebra", policy: Self.direct))
        let listed = try reader.read("test") { db in try db.value(as: Int.self, "SELECT count(*) FROM term_leader WHERE term = 'zebra'") }
        #expect(listed == 30)
    }
}
