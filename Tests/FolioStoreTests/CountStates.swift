import Testing
@testable import FolioStore

/// The states of an index a ranking from the term counts must answer in as FTS5 does: an
/// index of `LeaderTests.corpus` (written twice) with its lists and counts made; then a
/// chunk written since (its block's counts and hits dropped); a word's counts too full for
/// bytes in the first block; the lengths of its second half unknown; every word's hits too
/// full for their bits there; the first block's lengths gone.
enum CountStates {
    /// Calls `check` in each state, with what the state is. `written`: the chunk written;
    /// `unusable`: the common word whose counts stop fitting.
    static func walk(written: String, unusable: String, _ check: (IndexReader, Comment) throws -> Void) throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try LeaderTests.corpus(store)
        try LeaderTests.corpus(store)
        while try store.tendSearchTables(LeaderTests.policy) {}
        let reader = try IndexReader(path: database.path)
        try check(reader, "all made")
        try store.save(TemporaryDatabase.record("/d/new.txt"), chunks: TemporaryDatabase.chunks([written]))
        try check(reader, "a block dropped by a write")
        try store.write("test") { db in
            try db.execute("UPDATE term_count SET counts = ? WHERE term = ? AND block = 0", [TermCounts.unusable, unusable])
        }
        try check(reader, "counts too full for bytes")
        try store.write("test") { db in
            let tokens = try #require(try db.value(as: [UInt8].self, "SELECT tokens FROM chunk_length WHERE block = 0"))
            try db.execute("UPDATE chunk_length SET tokens = ? WHERE block = 0", [tokens.prefix(1024) + [UInt8](repeating: 0, count: 1024)])
        }
        try check(reader, "some lengths unknown")
        try store.write("test") { db in try db.execute("UPDATE term_hits SET hits = ? WHERE block = 0", [TermHits.unusable]) }
        try check(reader, "hits too full for their bits")
        try store.write("test") { db in try db.execute("DELETE FROM chunk_length WHERE block = 0") }
        try check(reader, "lengths missing")
    }
}
