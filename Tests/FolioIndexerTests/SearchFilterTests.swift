import Testing
import Foundation
@testable import FolioIndexer
@testable import FolioStore
import FolioCore
import FolioText

/// Every filter on a real index of real files (their sizes and modification times as the
/// file system has them) and messages (their own dates and people): searched by words,
/// and listed with no words (`IndexReader.files(matching:limit:)`).
@Suite struct SearchFilterTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-filters-\(UUID().uuidString)").path

    private func message(from: String, to: String, cc: String = "", date: String, subject: String) -> Data {
        Data("""
            From: \(from)\r
            To: \(to)\r
            \(cc.isEmpty ? "" : "Cc: \(cc)\r\n")Date: \(date)\r
            Subject: \(subject)\r
            Message-ID: <\(UUID().uuidString)@example.org>\r
            \r
            The invoice for the harbour is attached.\r

            """.utf8)
    }

    /// Files modified at the dates given; their text holds "invoice".
    private func indexed() throws -> IndexReader {
        let docs = root + "/docs"
        try FileManager.default.createDirectory(atPath: docs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: docs + "/archive/2019", withIntermediateDirectories: true)
        let files: [(String, Data, String)] = [
            ("archive/2019/old-invoice.txt", Data("old invoice\n".utf8), "2019-05-01"),
            ("march-2023.txt", Data("invoice for March\n".utf8), "2023-03-15"),
            ("june-2024.md", Data("# Invoice\n\nfor June\n".utf8), "2024-06-01"),
            ("big.txt", Data(("invoice " + String(repeating: "padding ", count: 200_000)).utf8), "2024-01-10"),
            ("from-anna.eml", message(from: "Anna Berg <anna@example.org>", to: "Bob <bob@example.org>", date: "Tue, 10 Jan 2023 09:00:00 +0100",
                                      subject: "Invoice"), "2024-06-02"),
            ("from-carl.eml", message(from: "Carl <carl@example.org>", to: "Dora <dora@example.org>", cc: "Bob <bob@example.org>",
                                      date: "Wed, 20 Sep 2023 09:00:00 +0000", subject: "Invoice too"), "2024-06-02"),
            ("invoice-scan.7z", Data([0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0x11, count: 64)), "2022-05-05"),
        ]
        for (name, data, modified) in files {
            let path = docs + "/" + name
            try data.write(to: URL(fileURLWithPath: path))
            let date = try #require(ISO8601DateFormatter().date(from: modified + "T12:00:00Z"))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        let store = try IndexStore(path: root + "/folio.sqlite")
        _ = try DocumentIndexer(store: store, configuration: .default).indexEveryFile(below: docs)
        return try IndexReader(path: store.path)
    }

    private func found(_ reader: IndexReader, _ text: String) throws -> [String] {
        var request = SearchRequest(query: SearchQuery(parsing: ""), limit: 20)
        request.query = SearchQuery(parsing: try FilterSyntax.extract(text, into: &request.filters, now: FilterValues.now()))
        let hits = request.query.isEmpty ? try reader.files(matching: request.filters, limit: 20).map(\.path) : try reader.search(request).map(\.path)
        return hits.map { $0.replacing(root + "/docs/", with: "") }.sorted()
    }

    @Test func eachFilter_narrowsTheWordsMatches() throws {
        let reader = try indexed()
        let all = ["big.txt", "from-anna.eml", "from-carl.eml", "invoice-scan.7z", "june-2024.md", "march-2023.txt"]
        #expect(try found(reader, "invoice") == ["archive/2019/old-invoice.txt"] + all)
        #expect(try found(reader, "invoice after:2024") == ["big.txt", "june-2024.md"], "a message's date is when it was sent")
        #expect(try found(reader, "invoice before:2023-06") == ["archive/2019/old-invoice.txt", "from-anna.eml", "invoice-scan.7z", "march-2023.txt"])
        #expect(try found(reader, "invoice date:2023-09-20") == ["from-carl.eml"])
        #expect(try found(reader, "invoice since:1w").isEmpty)
        #expect(try found(reader, "invoice size:>1M") == ["big.txt"])
        #expect(try found(reader, "invoice size:<100") == ["archive/2019/old-invoice.txt", "invoice-scan.7z", "june-2024.md", "march-2023.txt"])
        #expect(try found(reader, "invoice ext:md,7Z") == ["invoice-scan.7z", "june-2024.md"])
        #expect(try found(reader, "invoice type:file") == ["invoice-scan.7z"])
        #expect(try found(reader, "invoice name:*20??.*") == ["june-2024.md", "march-2023.txt"])
        #expect(try found(reader, "invoice from:ANNA") == ["from-anna.eml"])
        #expect(try found(reader, "invoice from:example.org") == ["from-anna.eml", "from-carl.eml"])
        #expect(try found(reader, "invoice to:bob") == ["from-anna.eml", "from-carl.eml"], "to: is To and Cc")
        #expect(try found(reader, "invoice to:dora from:anna").isEmpty, "people are all required")
        #expect(try found(reader, "invoice author:anna").isEmpty)
        #expect(try found(reader, "invoice from:100%").isEmpty, "LIKE's own characters are text")
        #expect(try found(reader, "invoice dir:\(root)/docs/archive") == ["archive/2019/old-invoice.txt"])
        #expect(try found(reader, "invoice dir:archive") == ["archive/2019/old-invoice.txt"], "a folder's name, anywhere")
        #expect(try found(reader, "invoice dir:archive/2019") == ["archive/2019/old-invoice.txt"])
        #expect(try found(reader, "invoice dir:arch").isEmpty, "a whole name, not a part of one")
        #expect(try found(reader, "invoice dir:docs").count == all.count + 1)
    }

    @Test func filtersWithoutWords_listTheDocumentsTheyAllow_newestFirst() throws {
        let reader = try indexed()
        var filters = SearchFilters()
        try filters.add(field: "type", value: "mail", now: FilterValues.now())
        #expect(try reader.files(matching: filters, limit: 10).map { ($0.path as NSString).lastPathComponent } == ["from-carl.eml", "from-anna.eml"])
        #expect(try found(reader, "after:2024-01 ext:txt,md") == ["big.txt", "june-2024.md"])
        #expect(try found(reader, "name:*.7z") == ["invoice-scan.7z"])
    }
}
