import Testing
import Foundation
@testable import FolioStore
import FolioCore
import FolioText
import FolioSQLite

@Suite struct IndexStoreTests {
    private func search(_ reader: IndexReader, _ text: String, limit: Int = 10) throws -> [SearchHit] {
        try reader.search(SearchRequest(query: SearchQuery(parsing: text), limit: limit))
    }

    @Test func newDatabase_isPrivate_andInWALMode() throws {
        let database = try TemporaryDatabase()
        let previous = umask(0)
        defer { umask(previous) }
        _ = try IndexStore(path: database.path)
        let attributes = try FileManager.default.attributesOfItem(atPath: database.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directory = try FileManager.default.attributesOfItem(atPath: database.directory + "/index")
        #expect((directory[.posixPermissions] as? Int) == 0o700)
        let mode = try SQLiteDatabase(path: database.path, access: .readOnly, busyTimeoutMilliseconds: 0)
            .withoutTransaction { try $0.value(as: String.self, "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func save_replacesChunks_andTheFullTextIndexFollows() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/a.txt"), chunks: TemporaryDatabase.chunks(["old words here", "more old"]))
        try store.save(TemporaryDatabase.record("/d/a.txt"), chunks: TemporaryDatabase.chunks(["new words"]))
        let reader = try IndexReader(path: database.path)
        #expect(try search(reader, "old").isEmpty)
        #expect(try search(reader, "new").map(\.path) == ["/d/a.txt"])
        #expect(try store.storedDocument(at: "/d/a.txt")?.chunkCount == 1)
        #expect(try reader.counts() == IndexCounts(documents: 1, failed: 0, partial: 0, pages: 1, chunks: 1))
        try checkFullTextIntegrity(database.path)
    }

    @Test func fields_goWithTheirDocument_andAreReplacedWithIt() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        var record = TemporaryDatabase.record("/d/mail.eml")
        record.fields = [.from: "Ada <ada@harbour.example>", .date: "2023-11-14T09:30:00+01"]
        try store.save(record, chunks: TemporaryDatabase.chunks(["dredger arrives"]))
        try store.save(TemporaryDatabase.record("/d/other.txt"), chunks: TemporaryDatabase.chunks(["dredger too"]))
        let reader = try IndexReader(path: database.path)
        let hits = try search(reader, "dredger")
        #expect(hits.first { $0.path == "/d/mail.eml" }?.fields == record.fields)
        #expect(hits.first { $0.path == "/d/other.txt" }?.fields == [:])
        record.fields = [.author: "Ben"]
        try store.save(record, chunks: TemporaryDatabase.chunks(["dredger again"]))
        #expect(try search(reader, "dredger").first { $0.path == "/d/mail.eml" }?.fields == [.author: "Ben"])
        _ = try store.purge(.file("/d/mail.eml"))
        let left = try SQLiteDatabase(path: database.path, access: .readOnly, busyTimeoutMilliseconds: 0)
            .withoutTransaction { try $0.value(as: Int64.self, "SELECT count(*) FROM document_field") }
        #expect(left == 0)
    }

    @Test func recordNames_replacesWhatAPathHeld_andEachFileIsOneDocumentOfOneChunk() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/old-notes.bak"), chunks: TemporaryDatabase.chunks(["kestrel sightings", "more kestrel"]))
        try store.save(TemporaryDatabase.record("/d/box.mbox"), chunks: [])
        try store.save(TemporaryDatabase.record(DocumentKey.inner("1", of: "/d/box.mbox"), kind: .mail), chunks: TemporaryDatabase.chunks(["heron"]))
        func named(_ path: String, size: Int64 = 9) -> NamedFile {
            NamedFile(path: path, signature: FileSignature(size: size, modificationTimeNanoseconds: 5, inode: 7))
        }
        // A path twice in one batch is one document, the last one's signature.
        try store.recordNames([named("/d/old-notes.bak"), named("/d/box.mbox"), named("/d/holiday-photos.zip", size: 1),
                               named("/d/holiday-photos.zip", size: 2)], at: 11)
        let reader = try IndexReader(path: database.path)
        #expect(try search(reader, "kestrel").isEmpty, "what the file held went")
        #expect(try search(reader, "heron").isEmpty, "and the documents inside it")
        #expect(try search(reader, "holiday photos").map(\.path) == ["/d/holiday-photos.zip"])
        #expect(try search(reader, "notes").map(\.path) == ["/d/old-notes.bak"])
        let photos = try #require(try store.storedDocument(at: "/d/holiday-photos.zip"))
        #expect(photos.kind == .file && photos.chunkCount == 1 && photos.signature.size == 2 && photos.indexedAt == 11)
        let stored = try #require(try store.storedSignature(at: "/d/holiday-photos.zip"))
        #expect(stored.signature == photos.signature && stored.kind == .file)
        #expect(try store.storedSignature(at: "/d/holiday-photos") == nil)
        let old = try #require(try store.storedDocument(at: "/d/old-notes.bak"))
        #expect(old.kind == .file && old.contentHash == nil && old.signature.size == 9)
        #expect(try reader.counts() == IndexCounts(documents: 3, failed: 0, partial: 0, pages: 0, chunks: 3, named: 3))
        let chunks = try SQLiteDatabase(path: database.path, access: .readOnly, busyTimeoutMilliseconds: 0).withoutTransaction { db in
            try db.rows("SELECT d.path, c.text, c.end_offset FROM chunk c JOIN document d ON d.id = c.document_id ORDER BY d.id")
                .map { "\($0["path"] as String) \($0["text"] as String) \($0["end_offset"] as Int)" }
        }
        #expect(chunks == ["/d/old-notes.bak old-notes.bak 13", "/d/box.mbox box.mbox 8", "/d/holiday-photos.zip holiday-photos.zip 18"])
        try checkFullTextIntegrity(database.path)
    }

    @Test func titleChange_isFollowedByTheFullTextIndex() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/a.txt", title: "Zebra"), chunks: TemporaryDatabase.chunks(["body"]))
        try store.save(TemporaryDatabase.record("/d/a.txt", title: "Giraffe"), chunks: TemporaryDatabase.chunks(["body"]))
        let reader = try IndexReader(path: database.path)
        #expect(try search(reader, "zebra").isEmpty)
        #expect(try search(reader, "giraffe").count == 1)
        try checkFullTextIntegrity(database.path)
    }

    @Test func purge_ofATree_coversItsFilesOnly() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        for path in ["/a/b", "/a/b/c.txt", "/a/b/d/e.txt", "/a/bc.txt", "/a/b-c.txt", "/z.txt"] {
            try store.save(TemporaryDatabase.record(path), chunks: TemporaryDatabase.chunks(["common word"]))
        }
        #expect(try store.paths(in: .tree("/a/b")) == ["/a/b", "/a/b/c.txt", "/a/b/d/e.txt"])
        #expect(try store.purge(.tree("/a/b")) == 3)
        #expect(try store.paths(in: .everything) == ["/a/b-c.txt", "/a/bc.txt", "/z.txt"])
        #expect(try store.purge(.file("/z.txt")) == 1)
        #expect(try search(IndexReader(path: database.path), "common").map(\.path).sorted() == ["/a/b-c.txt", "/a/bc.txt"])
        try checkFullTextIntegrity(database.path)
    }

    @Test func touch_changesTheSignatureOnly() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/a.txt"), chunks: TemporaryDatabase.chunks(["text"]))
        let signature = FileSignature(size: 9, modificationTimeNanoseconds: 99, inode: 999)
        try store.touch("/d/a.txt", signature: signature, at: 5)
        let stored = try #require(try store.storedDocument(at: "/d/a.txt"))
        #expect(stored.signature == signature)
        #expect(stored.indexedAt == 5)
        #expect(stored.chunkCount == 1)
    }

    @Test func failedDocument_isListedWithItsReason() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        var record = TemporaryDatabase.record("/d/bad.txt")
        record.status = .failed
        record.error = "holds binary data"
        try store.save(record, chunks: [])
        let failed = try IndexReader(path: database.path).documents(in: .everything, status: .failed)
        #expect(failed.map(\.error) == ["holds binary data"])
        #expect(try store.counts().failed == 1)
    }

    @Test func databaseFromANewerFolio_isRefusedClearly() throws {
        let database = try TemporaryDatabase()
        _ = try IndexStore(path: database.path)
        try SQLiteDatabase(path: database.path, access: .readWrite, busyTimeoutMilliseconds: 0).write {
            try $0.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v9999_future')")
        }
        #expect(throws: StoreError.self) { try IndexStore(path: database.path) }
        do {
            _ = try IndexReader(path: database.path)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.description.contains("newer Folio"))
            #expect(error.description.contains("v9999_future"))
        }
    }

    @Test func reader_neverCreatesADatabase() throws {
        let database = try TemporaryDatabase()
        #expect(throws: StoreError.self) { try IndexReader(path: database.path) }
        #expect(!FileManager.default.fileExists(atPath: database.path))
    }

    /// A reader opened read-only keeps answering while a writer commits document after
    /// document in WAL mode: no SQLITE_BUSY, and each answer is a committed state.
    @Test func reader_worksWhileAWriterWrites() async throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/0.txt"), chunks: TemporaryDatabase.chunks(["shared word zero"]))
        let reader = try IndexReader(path: database.path)
        let writer = Task.detached {
            for index in 1...300 {
                try store.save(TemporaryDatabase.record("/d/\(index).txt"), chunks: TemporaryDatabase.chunks(["shared word \(index)"]))
            }
        }
        var answers = 0
        while answers < 300 {
            let hits = try reader.search(SearchRequest(query: SearchQuery(parsing: "shared"), limit: 1000, snippetWords: 0))
            #expect(!hits.isEmpty)
            answers += 1
        }
        try await writer.value
        #expect(try reader.search(SearchRequest(query: SearchQuery(parsing: "shared"), limit: 1000)).count == 301)
    }

    /// A reader maps the file (`IndexReader.mappedBytes`). A writer that shrinks it under
    /// an open reader (a purge, then VACUUM) leaves that reader answering from the file as
    /// it is now, not from pages past its end.
    @Test func reader_mapsTheFile_andKeepsAnsweringWhenAVacuumShrinksIt() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        for index in 0..<200 {
            let text = "shared word \(index) " + String(repeating: "filler\(index) ", count: 1000)
            try store.save(TemporaryDatabase.record("/d/\(index).txt"), chunks: TemporaryDatabase.chunks([text]))
        }
        let reader = try IndexReader(path: database.path)
        #expect(try reader.read("mmap_size") { db in try db.value(as: Int64.self, "PRAGMA mmap_size") } ?? 0 > 0)
        let shared = SearchRequest(query: SearchQuery(parsing: "shared"), limit: 1000)
        #expect(try reader.search(shared).count == 200)
        let before = try FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int ?? 0
        #expect(try store.purge(.tree("/d")) == 200)
        try store.save(TemporaryDatabase.record("/e/kept.txt"), chunks: TemporaryDatabase.chunks(["shared word kept"]))
        try store.vacuum()
        let after = try FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int ?? 0
        #expect(after < before / 2)
        #expect(try reader.search(shared).map(\.path) == ["/e/kept.txt"])
    }

    private func checkFullTextIntegrity(_ path: String) throws {
        try SQLiteDatabase(path: path, access: .readWrite, busyTimeoutMilliseconds: 5000).write { db in
            try db.execute("INSERT INTO chunk_fts(chunk_fts, rank) VALUES ('integrity-check', 1)")
        }
    }
}

@Suite struct RenameTests {
    @Test func renamingAFileOrATree_keepsTheTextAndMovesThePaths() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        for path in ["/a/x.txt", "/a/sub/y.txt", "/b/z.txt"] {
            try store.save(TemporaryDatabase.record(path), chunks: TemporaryDatabase.chunks(["moving words"]))
        }
        #expect(try store.rename(file: "/b/z.txt", to: "/b/renamed.txt"))
        #expect(try !store.rename(file: "/b/none.txt", to: "/b/other.txt"))
        #expect(try store.rename(tree: "/a", to: "/c/a") == 2)
        #expect(try store.paths(in: .everything) == ["/b/renamed.txt", "/c/a/sub/y.txt", "/c/a/x.txt"])
        let hits = try IndexReader(path: database.path).search(SearchRequest(query: SearchQuery(parsing: "moving"), limit: 10))
        #expect(Set(hits.map(\.path)) == ["/b/renamed.txt", "/c/a/sub/y.txt", "/c/a/x.txt"])
    }

    /// A mailbox's messages and their attachments (`DocumentKey`) go where their file goes.
    @Test func documentsInsideAFile_areRenamedAndPurgedWithIt_andCountedApart() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        for path in ["/m/Inbox", "/m/Inbox//1", "/m/Inbox//2", "/m/Inbox//2/a.pdf", "/m/Inbox2", "/m/Inbox.sbd/x", "/m/Ïnbox//1"] {
            try store.save(TemporaryDatabase.record(path), chunks: TemporaryDatabase.chunks(["inner words"]))
        }
        #expect(try store.innerCount(of: "/m/Inbox") == 2)
        #expect(try store.innerCount(of: "/m/Ïnbox") == 1)
        #expect(try store.documents(in: .document("/m/Inbox")).map(\.path) == ["/m/Inbox"])
        #expect(try store.paths(in: .inside("/m/Inbox")) == ["/m/Inbox//1", "/m/Inbox//2", "/m/Inbox//2/a.pdf"])
        #expect(try store.rename(file: "/m/Inbox", to: "/m/Old"))
        #expect(try store.paths(in: .everything) == ["/m/Inbox.sbd/x", "/m/Inbox2", "/m/Old", "/m/Old//1", "/m/Old//2", "/m/Old//2/a.pdf", "/m/Ïnbox//1"])
        #expect(try store.purge(.file("/m/Old")) == 4)
        #expect(try store.paths(in: .everything) == ["/m/Inbox.sbd/x", "/m/Inbox2", "/m/Ïnbox//1"])
    }
}

/// What a forgotten file leaves behind, and how a full disk is told apart.
@Suite struct PrivacyAndFullDiskTests {
    /// FTS5 keeps deleted words in old segments and the WAL keeps old pages: after forget
    /// and vacuum, no byte of the database files may still hold the word.
    @Test func vacuum_afterPurge_leavesNoTraceOfTheForgottenWords() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/docs/kept.txt"), chunks: TemporaryDatabase.chunks(["keptword stays"]))
        try store.save(TemporaryDatabase.record("/docs/secret.txt"), chunks: TemporaryDatabase.chunks(["forgetmeword " + String(repeating: "filler ", count: 500)]))
        try store.save(TemporaryDatabase.record("/docs/other.txt"), chunks: TemporaryDatabase.chunks(["otherword too"]))
        try store.purge(.file("/docs/secret.txt"))
        try store.vacuum()
        for name in try FileManager.default.contentsOfDirectory(atPath: database.directory + "/index") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: database.directory + "/index/" + name))
            #expect(bytes.range(of: Data("forgetmeword".utf8)) == nil, "\(name)")
            #expect(bytes.range(of: Data("secret.txt".utf8)) == nil, "\(name)")
        }
        let hits = try IndexReader(path: database.path).search(SearchRequest(query: SearchQuery(parsing: "keptword")))
        #expect(hits.map(\.path) == ["/docs/kept.txt"])
    }

    /// SQLite's "database or disk is full" (here from a page limit, as on a full disk)
    /// becomes `diskFull`, on which the daemon waits for space instead of failing files.
    @Test func sqliteFull_isTheDiskFullError() throws {
        let database = try SQLiteDatabase(path: ":memory:", access: .readWrite, busyTimeoutMilliseconds: 0)
        let error = try #require(throws: SQLiteError.self) {
            try database.write { db in
                try db.executeScript("PRAGMA max_page_count = 2; CREATE TABLE t (x TEXT)")
                try db.execute("INSERT INTO t VALUES (?)", [String(repeating: "x", count: 100_000)])
            }
        }
        guard case .diskFull(path: "/db", operation: "save") = StoreError.from(error, path: "/db", operation: "save") else {
            Issue.record("not diskFull: \(StoreError.from(error, path: "/db", operation: "save"))")
            return
        }
    }
}
