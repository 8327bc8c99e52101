import Testing
import Foundation
import FolioSQLite

/// A damaged index heals itself: foliod moves it aside, indexes the folders again, keeps
/// the vectors and recognised text that still read, and every program says what happened
/// instead of showing SQLite's message.
@Suite struct RepairTests {
    /// The pages of the database that hold `table` (SQLite's `dbstat`).
    static func pages(of table: String, in path: String) throws -> [Int64] {
        try SQLiteDatabase(path: path, access: .readOnly, busyTimeoutMilliseconds: 1000)
            .read { try $0.values(as: Int64.self, "SELECT pageno FROM dbstat WHERE name = ?", [table]) }
    }

    /// Overwrites whole pages with bytes no page has, as a disk fault would.
    static func overwrite(_ path: String, pages: [Int64], pageSize: Int64 = 16_384) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        for page in pages {
            try handle.seek(toOffset: UInt64((page - 1) * pageSize))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(pageSize)))
        }
    }

    static func count(_ sql: String, in path: String) throws -> Int {
        try SQLiteDatabase(path: path, access: .readOnly, busyTimeoutMilliseconds: 1000).read { try $0.value(as: Int.self, sql) ?? 0 }
    }

    /// The full-text pages damaged while foliod is stopped: a search says the index is
    /// damaged (exit 1, no SQLite message); foliod's start rebuilds it, every file is
    /// searchable again by words and by meaning, and no window is embedded again: every
    /// vector read back from the damaged file.
    @Test func damagedFullTextPages_areRebuilt_keepingEveryVector() throws {
        let folio = try Binaries().withSemanticSearch()
        try folio.write("config/folio/config.toml", "debounce_ms = 50\nmax_delay_ms = 2000\n")
        for item in SemanticTests.paraphrases { try folio.write("Documents/" + item.file, item.text) }
        for (index, word) in ["quokka", "marzipan", "zeppelin"].enumerated() {
            try folio.write("Documents/notes/note-\(index).txt", "A short note about the garden and the \(word) we saw.")
        }
        #expect(try folio.run("folioctl", ["index", folio.home + "/Documents"]).status == 0)
        let vectors = try Self.count("SELECT count(*) FROM vector", in: folio.databasePath)
        #expect(vectors == 9)
        try Self.overwrite(folio.databasePath, pages: Self.pages(of: "chunk_fts_data", in: folio.databasePath))

        let damaged = try folio.run("folioq", ["quokka"])
        #expect(damaged.status == 1 && damaged.output == "", "\(damaged.output)")
        #expect(damaged.error.contains("is damaged; foliod rebuilds it when it starts") && !damaged.error.contains("SQLite"), "\(damaged.error)")
        let noted = try folio.run("folioctl", ["status"]).output
        #expect(noted.contains("index: damaged; foliod rebuilds it when it starts") && !noted.contains("SQLite"), "\(noted)")

        let daemon = try folio.spawn("foliod", [])
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        try waitUntil("the notes are found by their words again") {
            try folio.run("folioq", ["--format", "paths", "zeppelin"]).output == folio.home + "/Documents/notes/note-2.txt\n"
        }
        // The notes are back; the other documents may still be on their way.
        try waitUntil("every document is back") { try folio.run("folioctl", ["status"]).output.contains("100% of its 9 documents back") }
        let status = try folio.run("folioctl", ["status"]).output
        #expect(status.contains("index: rebuilt after damage found") && status.contains("9 vectors kept"), "\(status)")
        #expect(status.contains("the damaged file is kept at \(folio.databasePath).damaged-"), "\(status)")
        try waitUntil("the semantic stage is complete") { try folio.run("folioctl", ["status"]).output.contains("semantic: complete") }
        #expect(try Self.count("SELECT count(*) FROM vector", in: folio.databasePath) == vectors, "no window embedded again")
        try waitUntil("the embedder answers") { try folio.run("folioctl", ["status"]).output.contains("embedder: pid") }
        let item = SemanticTests.paraphrases[0]
        #expect(try folio.run("folioq", ["--mode", "semantic", "--limit", "1", "--format", "paths", item.question]).output
            == folio.home + "/Documents/" + item.file + "\n")
    }

    /// Without foliod, `folioctl index` rebuilds a damaged index itself and says so.
    @Test func folioctlIndex_withoutFoliod_rebuildsADamagedIndex() throws {
        let folio = try Binaries()
        for index in 0..<5 { try folio.write("Documents/n\(index).txt", "sierra\(index) tango") }
        #expect(try folio.run("folioctl", ["index", folio.home + "/Documents"]).status == 0)
        try Self.overwrite(folio.databasePath, pages: [1])
        let again = try folio.run("folioctl", ["index", folio.home + "/Documents"])
        #expect(again.status == 0 && again.output.hasPrefix("the index was damaged: rebuilt, keeping recognised text for 0 pages and 0 vectors; "
            + "the damaged file is kept at \(folio.databasePath).damaged-"), "\(again.output) \(again.error)")
        #expect(try folio.run("folioq", ["--format", "paths", "sierra3"]).output == folio.home + "/Documents/n3.txt\n")
    }

    /// The header overwritten while foliod runs: the next search meets it and notes it,
    /// foliod starts again (the same pid) and rebuilds, and the files come back.
    @Test func aHeaderOverwritten_whileFoliodRuns_isRebuilt() throws {
        let folio = try Binaries()
        try folio.write("config/folio/config.toml", "debounce_ms = 50\nmax_delay_ms = 2000\n")
        for index in 0..<20 { try folio.write("Documents/n\(index).txt", "sierra\(index) tango") }
        let daemon = try folio.spawn("foliod", [])
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        func found() throws -> Int {
            try folio.run("folioq", ["--limit", "100", "--format", "paths", "tango"]).output.split(separator: "\n").count
        }
        try waitUntil("the files are indexed") { try found() == 20 }
        // Written into the file from the WAL, where the newest pages were: a fault in the
        // file shows once the WAL no longer holds a newer copy of the page.
        try SQLiteDatabase(path: folio.databasePath, access: .readWrite, busyTimeoutMilliseconds: 5000)
            .withoutTransaction { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: folio.databasePath))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 100))
        try handle.close()
        let damaged = try folio.run("folioq", ["tango"])
        #expect(damaged.status == 1 && !damaged.error.contains("SQLite"), "\(damaged.error)")
        try waitUntil("the files are searchable again") { try found() == 20 }
        #expect(daemon.isRunning, "the same foliod, started again in its process")
        let status = try folio.run("folioctl", ["status"]).output
        #expect(status.contains("index: rebuilt after damage found") && status.contains("foliod: "), "\(status)")
    }
}
