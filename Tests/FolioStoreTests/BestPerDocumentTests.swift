import Testing
import Foundation
@testable import FolioStore
import FolioCore
import FolioSQLite
import FolioText

/// The best chunk of each document a filter keeps, from ranked chunks: documents looked up
/// first where the blocks know the chunks' documents, every row in turn where they do not
/// (`BestPerDocument`), the same either way.
@Suite struct BestPerDocumentTests {
    /// Sixty documents of one to four chunks, a third of them Markdown; the first chunk is a
    /// contents page in every fourth (of two chunks), and every chunk in every tenth.
    static func corpus(_ store: IndexStore) throws {
        for number in 0..<60 {
            let texts = (0...(number % 4)).map { "Document \(number), part \($0): words about the subject at hand." }
            var chunks = TemporaryDatabase.chunks(texts)
            for index in chunks.indices where (number % 4 == 1 && index == 0) || number % 10 == 3 { chunks[index].navigation = true }
            try store.save(TemporaryDatabase.record("/docs/\(number).\(number % 3 == 0 ? "md" : "txt")"), chunks: chunks)
        }
    }

    struct Row {
        let chunk: Int64
        let document: Int64
        let navigation: Bool
        let kept: Bool
    }

    /// Every chunk in an order unlike the ids', as a ranking gives them: of a document's
    /// chunks, the first is ranked first about two times in three.
    static func ranked(_ rows: [Row]) -> [ScoredChunk] {
        rows.sorted { ($0.chunk * 37) % 101 < ($1.chunk * 37) % 101 }.enumerated()
            .map { ScoredChunk(score: Double($0.offset), chunk: $0.element.chunk) }
    }

    /// What the search shows, worked out from the rows: documents by their first chunk of
    /// text, and, when those are fewer than `limit`, the others by their first chunk.
    static func expected(_ scored: [ScoredChunk], _ rows: [Int64: Row], limit: Int) -> [Int64] {
        var text: [Int64] = [], navigation: [Int64] = [], held: Set<Int64> = [], heldNavigation: Set<Int64> = []
        for match in scored {
            let row = rows[match.chunk]!
            guard row.kept else { continue }
            if row.navigation {
                if heldNavigation.insert(row.document).inserted { navigation.append(match.chunk) }
            } else if held.insert(row.document).inserted {
                text.append(match.chunk)
            }
        }
        let documentOf = { (chunk: Int64) in rows[chunk]!.document }
        return Array((text + navigation.filter { !held.contains(documentOf($0)) }).prefix(limit))
    }

    @Test(arguments: [("ext", "md"), ("name", "*1*"), ("ext", "txt")])
    func documentsFirst_findWhatEveryRowFinds(field: String, value: String) throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.corpus(store)
        let reader = try IndexReader(path: database.path)
        var request = SearchRequest(query: SearchQuery(parsing: "words"))
        try request.filters.add(field: field, value: value, now: 0)
        let (filters, arguments) = request.filters.conditions
        let rows = try reader.read("rows") { db in
            try db.rows("""
                SELECT c.id AS chunk, c.document_id AS document, c.navigation AS navigation, d.id IN (SELECT d.id FROM document d WHERE 1\(filters)) AS kept
                FROM chunk c JOIN document d ON d.id = c.document_id
                """, arguments).map { Row(chunk: $0["chunk"], document: $0["document"], navigation: $0["navigation"], kept: $0["kept"]) }
        }
        let byChunk = Dictionary(uniqueKeysWithValues: rows.map { ($0.chunk, $0) })
        let scored = Self.ranked(rows)
        func best(limit: Int) throws -> [Int64] {
            request.limit = limit
            return try reader.read("best") { db in
                try BestPerDocument.ranked(db, scored, request: request, limit: limit, matchesAll: true).map(\.chunk)
            }
        }
        func known() throws -> Bool {
            try reader.read("blocks") { db in try !ValueBlocks.values(db, ValueBlocks.chunkDocuments, of: scored.map(\.chunk)).contains(nil) }
        }
        // Documents kept whose best chunk is a contents page, with text further down: a second round reads it.
        let firstOfEach = Dictionary(scored.reversed().map { (byChunk[$0.chunk]!.document, byChunk[$0.chunk]!) }, uniquingKeysWith: { _, first in first })
        let waiting = firstOfEach.values.filter { $0.kept && $0.navigation && rows.contains { [document = $0.document] in $0.document == document && !$0.navigation } }
        #expect(waiting.count >= 2, "\(field):\(value)")
        let limits = [1, 3, 10, 19, 100]
        #expect(try !known())
        let byRows = try limits.map(best(limit:))
        while try store.tendSearchTables() {}
        #expect(try known())
        for (limit, found) in zip(limits, byRows) {
            let expected = Self.expected(scored, byChunk, limit: limit)
            #expect(found == expected, "\(field):\(value), limit \(limit), row by row")
            #expect(try best(limit: limit) == expected, "\(field):\(value), limit \(limit), documents first")
        }
    }

    /// A document whose extension's code in its block is not the filter's is ruled out before
    /// its row is read: with every code in the blocks made 0 (no extension), `ext:md` keeps
    /// nothing, as it keeps every Markdown document when the blocks are right.
    @Test func anExtensionsBlock_rulesOutItsDocuments_beforeTheirRows() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.corpus(store)
        while try store.tendSearchTables() {}
        let reader = try IndexReader(path: database.path)
        var request = SearchRequest(query: SearchQuery(parsing: "words"), limit: 100)
        try request.filters.add(field: "ext", value: "md", now: 0)
        let scored = try reader.read("rows") { db in
            try db.values(as: Int64.self, "SELECT id FROM chunk ORDER BY id").map { ScoredChunk(score: 0, chunk: $0) }
        }
        func best() throws -> Set<Int64> {
            try Set(reader.read("best") { db in
                try BestPerDocument.ranked(db, scored, request: request, limit: 100, matchesAll: true).map(\.document)
            })
        }
        #expect(try best().count == 20, "one in three of sixty documents")
        try SQLiteDatabase(path: database.path, access: .readWrite, busyTimeoutMilliseconds: 1000).write { db in
            try db.execute("UPDATE document_extension SET extensions = ?", [ValueBlocks.encoded([Int64?](repeating: 0, count: 1024))])
        }
        #expect(try best().isEmpty)
    }
}
