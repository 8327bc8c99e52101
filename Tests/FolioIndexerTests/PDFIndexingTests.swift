import Testing
import Foundation
@testable import FolioIndexer
@testable import FolioStore
import FolioCore
import FolioText
import FolioTestSupport
import FolioSystem
import FolioSQLite

/// PDFs through the whole pipeline (loader, header/footer filter, chunker, store, search),
/// on copies of the loader fixtures, with each backend.
@Suite struct PDFIndexingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FolioLoadersTests/Fixtures/pdf").path

    private func indexFixtures(backend: PDFOptions.Backend) throws -> (reader: IndexReader, store: IndexStore, root: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-pdf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        for name in ["digital.pdf", "headers.pdf", "mixed.pdf", "encrypted.pdf", "truncated.pdf"] {
            try FileManager.default.copyItem(atPath: Self.fixtures + "/" + name, toPath: root + "/docs/" + name)
        }
        let store = try IndexStore(path: root + "/folio.sqlite")
        var configuration = FolioConfiguration.default
        configuration.pdf.backend = backend
        _ = try DocumentIndexer(store: store, configuration: configuration).indexEveryFile(below: root + "/docs")
        return (try IndexReader(path: store.path), store, root)
    }

    private func hits(_ reader: IndexReader, _ text: String) throws -> [SearchHit] {
        try reader.search(SearchRequest(query: SearchQuery(parsing: text), limit: 20))
    }

    @Test(arguments: PDFOptions.Backend.allCases)
    func everyPagesWords_areFoundOnTheirPage(backend: PDFOptions.Backend) throws {
        let (reader, _, _) = try indexFixtures(backend: backend)
        for (word, file, page) in [("alpaca", "digital.pdf", 1), ("bravo", "digital.pdf", 2), ("charlie", "digital.pdf", 3),
                                   ("delta", "headers.pdf", 1), ("hotel", "headers.pdf", 5), ("kiwi", "mixed.pdf", 1),
                                   ("minutes", "mixed.pdf", 2), ("lemon", "mixed.pdf", 3)] {
            let found = try hits(reader, word).filter { $0.path.hasSuffix("/" + file) }
            #expect(found.count == 1, "\(word)")
            #expect(found.first?.page == page, "\(word) with \(backend)")
        }
        #expect(try hits(reader, "minutes").first?.ocrConfidence != nil)
        #expect(try hits(reader, "kiwi").first?.ocrConfidence == nil)
    }

    @Test(arguments: PDFOptions.Backend.allCases)
    func runningHeaderAndPageNumbers_areInNoChunk(backend: PDFOptions.Backend) throws {
        let (reader, _, _) = try indexFixtures(backend: backend)
        #expect(try hits(reader, "ACME confidential").isEmpty)
        let all = try reader.search(SearchRequest(query: SearchQuery(parsing: "section"), limit: 50, allChunks: true))
        #expect(!all.isEmpty)
        for hit in all { #expect(!hit.snippet.text.contains("Page "), "\(hit.snippet.text)") }
    }

    @Test func encryptedAndTruncated_haveTheirReasonsRecorded() throws {
        let (reader, _, root) = try indexFixtures(backend: .mupdf)
        let documents = try reader.documents(in: .everything, status: nil)
        let encrypted = try #require(documents.first { $0.path == root + "/docs/encrypted.pdf" })
        #expect(encrypted.status == .failed)
        #expect(encrypted.error?.contains("encrypted, not indexed") == true)
        let truncated = try #require(documents.first { $0.path == root + "/docs/truncated.pdf" })
        #expect(truncated.status == .partial)
        #expect(truncated.error?.contains("truncated") == true)
        #expect(try hits(reader, "bravo").count == 2, "the truncated copy's readable pages are indexed too")
    }

    @Test func ocrText_isCachedInTheDatabase() throws {
        let (_, store, _) = try indexFixtures(backend: .mupdf)
        let cached = try IndexReader(path: store.path).documents(in: .everything, status: nil).compactMap(\.contentHash)
        let hits = try cached.compactMap { try store.cachedOCR(contentHash: $0, page: 2, languages: "eng", dpi: 300) }
        #expect(hits.count == 1)
        #expect(hits.first?.text.contains("Budget approved") == true)
    }
}

/// A number spelt in consonants, one for each digit: a word of each page's own that the
/// header/footer filter, which ignores digits, does not take for a running line.
private func spelt(_ number: Int) -> String {
    String(String(number).map { Array("bcdfghjkmn")[Int(String($0))!] })
}

/// A PDF of more pages than the header/footer filter holds, read page by page and
/// written in parts.
@Suite struct LongPDFIndexingTests {
    @Test(arguments: PDFOptions.Backend.allCases)
    func everyPage_isFoundOnItsPage_andTheRunningHeaderNowhere(backend: PDFOptions.Backend) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-long-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        let count = 1200
        // A body line of each page's own even with digits ignored (no suffix the stemmer
        // would take off).
        func item(_ number: Int) -> String { "item" + spelt(number) }
        let pages = (1...count).map { number in
            ["Zephyr Holdings Quarterly Ledger", "Entry records the shipment \(item(number)) by sea.", "Page \(number) of \(count)"]
        }
        try LongPDF.data(pages: pages).write(to: URL(fileURLWithPath: root + "/docs/ledger.pdf"))
        let store = try IndexStore(path: root + "/folio.sqlite")
        var configuration = FolioConfiguration.default
        configuration.pdf.backend = backend
        configuration.ocr.enabled = false
        let outcomes = try DocumentIndexer(store: store, configuration: configuration).indexEveryFile(below: root + "/docs")
        #expect(outcomes.count == 1 && { if case .indexed = outcomes[0] { true } else { false } }(), "\(outcomes)")
        let reader = try IndexReader(path: store.path)
        for number in [1, 63, 64, 65, 640, 1199, 1200] {
            let found = try reader.search(SearchRequest(query: SearchQuery(parsing: item(number)), limit: 5))
            #expect(found.map(\.page) == [number], "\(item(number)) with \(backend)")
        }
        #expect(try reader.search(SearchRequest(query: SearchQuery(parsing: "Zephyr"), limit: 5)).isEmpty, "the running header is in no chunk")
        let document = try #require(try reader.documents(in: .everything).first)
        #expect(document.pageCount == count && document.status == .indexed)
        // At most two pages a chunk: 600 or more chunks, more than are held before a
        // document is written in parts.
        #expect(document.chunkCount >= 600)
    }

    /// Written in parts, a document has its title from the first part, so FTS5 indexes each
    /// chunk once: a title changed at the end made the title trigger delete every chunk
    /// from the full-text index and index it again.
    @Test func aDocumentWrittenInParts_isIndexedOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-parts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        // Lines of each page's own, so the header/footer filter keeps them.
        let pages = (1...1200).map { ["Moorings \(spelt($0)) ledger", "The fleet \(spelt($0)) sailed at dawn with the tide."] }
        try LongPDF.data(pages: pages).write(to: URL(fileURLWithPath: root + "/ledger.pdf"))
        let store = try IndexStore(path: root + "/folio.sqlite")
        var configuration = FolioConfiguration.default
        configuration.ocr.enabled = false
        // On the store's writer connection: every change of a document's title.
        try store.database.write { db in
            try db.executeScript("""
                CREATE TEMP TABLE retitled (old TEXT, new TEXT);
                CREATE TEMP TRIGGER retitled AFTER UPDATE OF title ON main.document WHEN old.title IS NOT new.title
                BEGIN INSERT INTO retitled VALUES (old.title, new.title); END;
                """)
        }
        _ = try DocumentIndexer(store: store, configuration: configuration).index(root + "/ledger.pdf", status: FileStatus.of(root + "/ledger.pdf"), now: 1)
        let document = try #require(try IndexReader(path: store.path).documents(in: .everything).first)
        #expect(document.title == "Moorings c ledger")
        #expect(document.chunkCount > DocumentIndexer.chunksHeld)
        let retitled = try store.database.write { try $0.rows("SELECT old, new FROM retitled").map(\.values) }
        #expect(retitled.isEmpty, "\(retitled)")
    }
}
