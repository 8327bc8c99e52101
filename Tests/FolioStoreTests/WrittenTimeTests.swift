import Testing
import Foundation
@testable import FolioStore
import FolioCore
import FolioSchema
import FolioSQLite

/// When a document was written (`document.written_s`, v0014), which the date filters read
/// through an index: kept by triggers through every way a row changes, and given to the
/// documents of an index made before it.
@Suite struct WrittenTimeTests {
    private static let second: Int64 = 1_000_000_000

    private func written(_ path: String, in database: TemporaryDatabase) throws -> Int64? {
        try SQLiteDatabase(path: database.path, access: .readOnly, busyTimeoutMilliseconds: 1000).read {
            try $0.value(as: Int64.self, "SELECT written_s FROM document WHERE path = ?", [path])
        }
    }

    private func mail(_ path: String, modified: Int64, date: String?) -> DocumentRecord {
        var record = TemporaryDatabase.record(path, kind: .mail)
        record.signature = FileSignature(size: 10, modificationTimeNanoseconds: modified * Self.second, inode: 3)
        if let date { record.fields = [.date: date, .from: "Anna <anna@example.org>"] }
        return record
    }

    @Test func aMessage_isWrittenWhenSent_untilItsDateIsGone() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(mail("/m/1.eml", modified: 1_700_000_000, date: "2023-01-10T09:00:00+01"), chunks: [])
        #expect(try written("/m/1.eml", in: database) == 1_673_337_600, "the Date field, its offset +01 read as +01:00")
        try store.save(mail("/m/1.eml", modified: 1_700_000_500, date: nil), chunks: [])
        #expect(try written("/m/1.eml", in: database) == 1_700_000_500, "without a Date, the file's time")
        try store.save(mail("/m/1.eml", modified: 1_700_000_600, date: "not a date"), chunks: [])
        #expect(try written("/m/1.eml", in: database) == 1_700_000_600, "a Date SQLite cannot read is no date")
    }

    @Test func aFile_isWrittenWhenModified_andFollowsATouch() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        var record = TemporaryDatabase.record("/d/a.txt")
        record.signature = FileSignature(size: 1, modificationTimeNanoseconds: 1_600_000_000 * Self.second + 999, inode: 3)
        record.fields = [.date: "2001-01-01T00:00:00Z"]
        try store.save(record, chunks: TemporaryDatabase.chunks(["harbour"]))
        #expect(try written("/d/a.txt", in: database) == 1_600_000_000, "only a message's Date is when it was written")
        try store.touch("/d/a.txt", signature: FileSignature(size: 1, modificationTimeNanoseconds: 1_650_000_000 * Self.second, inode: 4), at: 5)
        #expect(try written("/d/a.txt", in: database) == 1_650_000_000)
    }

    @Test func removingAMessage_removesItsFields() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(mail("/m/1.eml", modified: 1_700_000_000, date: "2023-01-10T09:00:00Z"), chunks: [])
        #expect(try store.purge(.tree("/m")) == 1)
        let fields = try SQLiteDatabase(path: database.path, access: .readOnly, busyTimeoutMilliseconds: 1000).read {
            try $0.value(as: Int.self, "SELECT count(*) FROM document_field")
        }
        #expect(fields == 0)
    }

    /// An index made by the migrations before v0014, with a message and a file in it, is
    /// opened by this Folio: each document gets its time.
    @Test func anIndexMadeBefore_givesEachDocumentItsTime() throws {
        let database = try TemporaryDatabase()
        try FileManager.default.createDirectory(atPath: (database.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let before = FolioSchema.migrations.prefix { $0.identifier != "v0014_written" }
        #expect(before.count == FolioSchema.migrations.count - 6,
                "v0014, then v0015 (code's outlines), v0016 to v0018 (filters' blocks), v0019 (frequent terms' hits)")
        try SQLiteDatabase(path: database.path, access: .readWrite, busyTimeoutMilliseconds: 1000).write { db in
            try db.execute("CREATE TABLE \(Schema.table) (identifier TEXT NOT NULL PRIMARY KEY)")
            for migration in before {
                try db.executeScript(migration.sql)
                try db.execute("INSERT INTO \(Schema.table) (identifier) VALUES (?)", [migration.identifier])
            }
            for (id, path, kind, modified) in [(1, "/m/1.eml", "mail", 1_700_000_000), (2, "/d/a.txt", "txt", 1_600_000_000)] as [(Int, String, String, Int64)] {
                try db.execute("""
                    INSERT INTO document (id, path, size, mtime_ns, inode, kind, mime, status, indexed_at)
                    VALUES (?, ?, 1, ?, 1, ?, 'text/plain', 'indexed', 0)
                    """, [id, path, modified * Self.second, kind])
            }
            try db.execute("INSERT INTO document_field (document_id, name, value) VALUES (1, 'date', '2023-01-10T09:00:00-05')")
        }
        _ = try IndexStore(path: database.path)
        #expect(try written("/m/1.eml", in: database) == 1_673_359_200)
        #expect(try written("/d/a.txt", in: database) == 1_600_000_000)
    }
}
