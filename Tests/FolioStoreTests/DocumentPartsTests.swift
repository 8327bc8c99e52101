import Testing
import FolioStore
import FolioCore
import FolioText

@Suite struct DocumentPartsTests {
    @Test func documentInParts_isSearchableAsItIsWritten_andCompleteAfterFinish() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/book.pdf", hash: "old"), chunks: TemporaryDatabase.chunks(["obsolete edition"]))
        let record = TemporaryDatabase.record("/d/book.pdf", title: "Book", kind: .pdf, hash: "new")
        var parts = try store.begin(record)
        try store.append(TemporaryDatabase.chunks(["first volcano chapter", "second glacier chapter"]), to: &parts)
        let reader = try IndexReader(path: store.path)
        let search = { (text: String) in try reader.search(SearchRequest(query: SearchQuery(parsing: text), limit: 5)) }
        #expect(try search("obsolete").isEmpty, "the old version went at begin")
        #expect(try search("volcano").count == 1)

        // A process that dies here leaves a row that the next reconcile reads again: no
        // content hash to match, an impossible modification time.
        let halfWay = try #require(try store.documents(in: .file(record.path)).first)
        #expect(halfWay.status == .partial && halfWay.error == "being indexed")
        #expect(halfWay.contentHash == nil && halfWay.signature.modificationTimeNanoseconds < 0)

        let last = Chunk(ordinal: 2, firstPage: 3, lastPage: 3, section: nil, text: "third desert chapter", startOffset: 0, endOffset: 20)
        try store.finish(parts, record: record, chunks: [last], pages: [PageRecord(number: 1, label: nil, ocrConfidence: nil)])
        let done = try #require(try store.documents(in: .file(record.path)).first)
        #expect(done.status == .indexed && done.error == nil && done.contentHash == "new" && done.chunkCount == 3)
        #expect(done.signature == record.signature)
        #expect(try search("desert").first?.title == "Book")
    }

    /// The daemon renames or purges a document whose file is renamed or deleted while a
    /// worker reads it; the worker's next part must not land in the renamed row, nor
    /// create a row at the old path at `finish`.
    @Test func documentRenamedOrPurgedBetweenParts_getsNoMoreParts() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        let renamed = TemporaryDatabase.record("/d/renamed.txt", hash: "r")
        var renamedParts = try store.begin(renamed)
        try store.append(TemporaryDatabase.chunks(["first"]), to: &renamedParts)
        try store.rename(file: renamed.path, to: "/d/moved.txt")
        #expect(throws: StoreError.self) { try store.append(Array(TemporaryDatabase.chunks(["first", "second"]).suffix(1)), to: &renamedParts) }
        #expect(throws: StoreError.self) { try store.finish(renamedParts, record: renamed, chunks: [], pages: []) }
        #expect(try store.paths(in: .everything) == ["/d/moved.txt"])
        #expect(try store.documents(in: .file("/d/moved.txt")).first?.chunkCount == 0, "still marked as being indexed")

        let deleted = TemporaryDatabase.record("/d/deleted.txt", hash: "d")
        var deletedParts = try store.begin(deleted)
        try store.purge(.file(deleted.path))
        do {
            try store.append(TemporaryDatabase.chunks(["lost"]), to: &deletedParts)
            Issue.record("a part was written for a purged document")
        } catch {
            #expect("\(error)".contains("/d/deleted.txt was renamed, deleted"))
        }
        #expect(try store.paths(in: .everything) == ["/d/moved.txt"])
    }

    /// Two writers begin the same document (`folioctl index` beside the daemon): the one
    /// that began first stops, and the document is the other's alone.
    @Test func documentBegunAgain_isTheLaterWritersAlone() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        let record = TemporaryDatabase.record("/d/log.txt", hash: "h")
        var first = try store.begin(record)
        try store.append(TemporaryDatabase.chunks(["early"]), to: &first)
        var second = try store.begin(record)
        try store.append(TemporaryDatabase.chunks(["late"]), to: &second)
        #expect(throws: StoreError.self) { try store.append(Array(TemporaryDatabase.chunks(["early", "again"]).suffix(1)), to: &first) }
        try store.finish(second, record: record, chunks: [], pages: [])
        #expect(throws: StoreError.self) { try store.finish(first, record: record, chunks: [], pages: []) }
        let reader = try IndexReader(path: store.path)
        #expect(try reader.search(SearchRequest(query: SearchQuery(parsing: "early"), limit: 5)).isEmpty)
        #expect(try reader.search(SearchRequest(query: SearchQuery(parsing: "late"), limit: 5)).count == 1)
        #expect(try store.documents(in: .file(record.path)).first?.chunkCount == 1)
    }
}
