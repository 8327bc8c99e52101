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
        try store.append(TemporaryDatabase.chunks(["first volcano chapter", "second glacier chapter"]), to: &parts, path: record.path)
        let reader = try IndexReader(path: store.path)
        let search = { (text: String) in try reader.search(SearchRequest(query: SearchQuery(parsing: text), limit: 5)) }
        #expect(try search("obsolete").isEmpty, "the old version went at begin")
        #expect(try search("volcano").count == 1)

        // A process that dies here leaves a row that the next reconcile reads again: no
        // content hash to match, an impossible modification time.
        let halfWay = try #require(try store.documents(in: .file(record.path)).first)
        #expect(halfWay.status == .partial && halfWay.error == "being indexed")
        #expect(halfWay.contentHash == nil && halfWay.signature.modificationTimeNanoseconds == -1)

        let last = Chunk(ordinal: 2, firstPage: 3, lastPage: 3, section: nil, text: "third desert chapter", startOffset: 0, endOffset: 20)
        try store.finish(parts, record: record, chunks: [last], pages: [PageRecord(number: 1, label: nil, ocrConfidence: nil)])
        let done = try #require(try store.documents(in: .file(record.path)).first)
        #expect(done.status == .indexed && done.error == nil && done.contentHash == "new" && done.chunkCount == 3)
        #expect(done.signature == record.signature)
        #expect(try search("desert").first?.title == "Book")
    }
}
