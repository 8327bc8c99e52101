import Testing
import Foundation
import FolioCore
import FolioText
@testable import FolioStore

/// The chunks filters allow, looked up only when a sample of the documents does not show
/// them to allow many (`AllowedChunks`), on a real index of 10,000 files known by name.
@Suite struct AllowedChunksTests {
    @Test func filtersThatKeepMany_areNotWalked_andFewAreLookedUp() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        let files = (0..<10_000).map { number in
            NamedFile(path: "/home/a/files/\(number).\(number % 1000 == 0 ? "iso" : "7z")",
                      signature: FileSignature(size: Int64(number), modificationTimeNanoseconds: 1, inode: UInt64(number)))
        }
        for batch in stride(from: 0, to: files.count, by: 1000) { try store.recordNames(Array(files[batch..<batch + 1000]), at: 1) }
        let reader = try IndexReader(path: database.path)
        func allowed(_ field: String, _ value: String, pages: ClosedRange<Int>? = nil) throws -> [Int64]? {
            var request = SearchRequest(query: SearchQuery(parsing: "files"))
            try request.filters.add(field: field, value: value, now: 0)
            request.filters.pages = pages
            return try reader.read("allowed") { db in try AllowedChunks().chunks(db, request) }
        }
        #expect(try allowed("ext", "7z") == nil, "9,990 documents: more than the most")
        #expect(try allowed("size", ">1000") == nil)
        #expect(try allowed("ext", "iso")?.count == 10, "ten documents, one chunk each")
        #expect(try allowed("ext", "iso", pages: 2...3)?.isEmpty == true, "a file known by name has one page")
    }

    /// The sample is the same for every search of an index: a filter whose documents it
    /// misses is found to keep many by its documents, and sized by what they showed.
    @Test func aFilterTheSampleMisses_isFoundToKeepManyByItsDocuments() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        // Ids 1 to 10,000 in order; the sample reads runs of `runLength` from each multiple of its step.
        let step = 10_000 / Int(AllowedChunks.runs)
        let files = (1...10_000).map { id in
            let missed = id % step >= Int(AllowedChunks.runLength) && id <= 5_000
            return NamedFile(path: "/home/a/files/\(id).\(missed ? "7z" : "iso")",
                             signature: FileSignature(size: Int64(id), modificationTimeNanoseconds: 1, inode: UInt64(id)))
        }
        for batch in stride(from: 0, to: files.count, by: 1000) { try store.recordNames(Array(files[batch..<batch + 1000]), at: 1) }
        let reader = try IndexReader(path: database.path)
        var request = SearchRequest(query: SearchQuery(parsing: "files"))
        try request.filters.add(field: "ext", value: "7z", now: 0)
        let allowed = AllowedChunks()
        let (kept, sampled) = try reader.read("allowed") { db in
            (try db.value(as: Int64.self, "SELECT count(*) FROM document WHERE path LIKE '%.7z'"),
             try db.value(as: Int64.self, "SELECT count(*) FROM document WHERE path LIKE '%.7z' AND id % ? < ?", [step, AllowedChunks.runLength]))
        }
        #expect(kept! > Int64(AllowedChunksRanking.most) && sampled == 0, "many documents, none of them sampled")
        #expect(try reader.read("allowed") { db in try allowed.chunks(db, request) } == nil)
        let share = try reader.read("share") { db in try allowed.share(db) }
        #expect(try #require(share) >= Double(AllowedChunksRanking.most) / 10_000)
    }
}
