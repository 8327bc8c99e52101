import Testing
import Foundation
@testable import FolioStore
import FolioSQLite
import FolioText

/// The full-text index's segments merged into one (`Migrations/v0009_segment_merge.sql`)
/// when a count of frequent terms finds many: in steps, with writes between them, and with
/// the same results.
@Suite struct SegmentMergeTests {
    /// Merges at 8 segments, 5 leaf pages a step: the test corpus takes several steps.
    static let policy = LeaderPolicy(frequentChunks: 20, listLength: 30, directLimit: 10, recountShare: 0.05, mergePages: 5)
    static let queries = ["the", "system", "configur*", "\"data type\"", "the -tomato", "kernel OR memory", "tax invoice garden"]

    /// The corpus written with FTS5's own merging off, so that it leaves a segment per commit
    /// (up to its crisis merge at 16 a level).
    private static func manySegments(_ store: IndexStore, _ path: String) throws {
        try setting(path, "automerge", 0)
        try LeaderTests.corpus(store)
        try setting(path, "automerge", 4)
    }

    private static func setting(_ path: String, _ name: String, _ value: Int) throws {
        try SQLiteDatabase(path: path, access: .readWrite, busyTimeoutMilliseconds: 5000).write { db in
            try db.execute("INSERT INTO chunk_fts(chunk_fts, rank) VALUES (?, ?)", [name, value])
        }
    }

    private static func state(_ store: IndexStore) throws -> (segments: Int, merging: Bool) {
        try store.read("test") { db in
            (try FullTextIndex.segments(db), try db.value(as: Bool.self, "SELECT merging FROM leader_census") ?? false)
        }
    }

    private static func results(_ path: String) throws -> [[String]] {
        let reader = try IndexReader(path: path)
        return try queries.map { try LeaderTests.paths(reader, $0, policy: LeaderTests.direct, limit: 50) }
    }

    @Test func manySegments_areMergedIntoOne_inSteps_withTheSameResults() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.manySegments(store, database.path)
        let before = try Self.results(database.path)
        #expect(try Self.state(store).segments >= 8)
        var merged = 0
        while try store.tendSearchTables(Self.policy) {
            if try Self.state(store).merging { merged += 1 }
        }
        #expect(merged > 1)
        #expect(try Self.state(store) == (segments: 1, merging: false))
        #expect(try Self.results(database.path) == before)
        try Self.setting(database.path, "integrity-check", 1)
    }

    /// Documents written while the merge is under way are merged with the rest.
    @Test func writesBetweenSteps_areKept() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.manySegments(store, database.path)
        var written = 0
        while try store.tendSearchTables(Self.policy) {
            if try Self.state(store).merging, written < 3 {
                try store.save(TemporaryDatabase.record("/w/\(written).txt"), chunks: TemporaryDatabase.chunks(["zebra crossing"]))
                written += 1
            }
        }
        #expect(written == 3)
        #expect(try Self.state(store) == (segments: 1, merging: false))
        #expect(try LeaderTests.paths(IndexReader(path: database.path), "zebra", policy: LeaderTests.direct).count == 3)
        try Self.setting(database.path, "integrity-check", 1)
    }

    /// Segments that pile up between two counts of frequent terms are left to FTS5 until
    /// the next count: a few new documents do not make the daemon rewrite the index.
    @Test func segments_areMergedAtACount_notAfterEveryWrite() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.manySegments(store, database.path)
        while try store.tendSearchTables(Self.policy) {}
        try Self.setting(database.path, "automerge", 0)
        for number in 0..<10 {
            try store.save(TemporaryDatabase.record("/z/\(number).txt"), chunks: TemporaryDatabase.chunks(["zebra crossing \(number)"]))
        }
        let segments = try Self.state(store).segments
        #expect(segments >= 8)
        while try store.tendSearchTables(Self.policy) {}
        #expect(try Self.state(store) == (segments: segments, merging: false))
        // Counted again after these few changes: now they are merged.
        let eager = LeaderPolicy(frequentChunks: 20, listLength: 30, directLimit: 10, recountShare: 0.001, mergePages: 5)
        while try store.tendSearchTables(eager) {}
        #expect(try Self.state(store) == (segments: 1, merging: false))
    }
}
