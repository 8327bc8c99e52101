import Testing
import Foundation
import FolioCore
import FolioText
@testable import FolioStore

/// Files a walk in progress has listed by name (`PendingNames`) and not yet recorded: found
/// by their names' words and by `--name` as the index's names are, on real files and a real
/// database.
@Suite struct PendingNamesTests {
    let temporary: TemporaryDatabase
    let store: IndexStore
    let folder: String

    init() throws {
        temporary = try TemporaryDatabase()
        store = try IndexStore(path: temporary.path)
        folder = temporary.directory + "/docs"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Creates the file `name` in the folder with `bytes` bytes, modified at `modified`.
    @discardableResult
    private func file(_ name: String, bytes: Int = 10, modified: Date = Date(timeIntervalSince1970: 1_700_000_000)) throws -> String {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x61, count: bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        return path
    }

    private func list(_ paths: [String], walk: Int = 1) throws {
        try PendingNames.write(paths.map { (path: $0, kind: DocumentKind.extensions[($0 as NSString).pathExtension.lowercased()] ?? .file) },
                               walk: walk, beside: store.path)
    }

    private func search(_ text: String, _ filters: (inout SearchFilters) -> Void = { _ in }) throws -> SearchResults {
        var request = SearchRequest(query: SearchQuery(parsing: text), limit: 20)
        filters(&request.filters)
        return try IndexReader(path: store.path).searchResults(request)
    }

    private func names(_ results: SearchResults) -> [String] { results.hits.map { ($0.path as NSString).lastPathComponent } }

    @Test func aListedFile_isFoundByItsNamesWords_afterTheIndexsNamedFiles_beforeTheirText() throws {
        try store.save(TemporaryDatabase.record(folder + "/tax-2023-notes.txt"), chunks: TemporaryDatabase.chunks(["tax return 2023 notes"]))
        try store.save(TemporaryDatabase.record(folder + "/letter.txt"), chunks: TemporaryDatabase.chunks(["about the tax of 2023"]))
        try list([try file("Tax Return 2023.pdf"), try file("holiday.7z")])
        let results = try search("tax 2023")
        #expect(names(results) == ["tax-2023-notes.txt", "Tax Return 2023.pdf", "letter.txt"])
        let listed = results.hits[1]
        #expect(listed.kind == .file && listed.foundBy == .words && listed.matchesAllTerms, "known by its name until it is read")
        #expect(listed.snippet.text == "Tax Return 2023.pdf" && listed.snippet.highlights == [0..<3, 11..<15])
    }

    @Test func wordsOnlyAListedNameHolds_areNotSaidToBeMissing() throws {
        try store.save(TemporaryDatabase.record(folder + "/a.txt"), chunks: TemporaryDatabase.chunks(["nothing of note"]))
        try list([try file("kowalczyk-invoice.xls")])
        let results = try search("kowalczyk")
        #expect(names(results) == ["kowalczyk-invoice.xls"])
        #expect(results.unmatchedWords.isEmpty && results.wordsMatched)
        PendingNames.remove(walk: 1, beside: store.path)
        let after = try search("kowalczyk")
        #expect(after.hits.isEmpty && after.unmatchedWords == ["kowalczyk"], "the list gone, nothing holds the word")
    }

    @Test func aListedFileTheIndexHolds_orThatIsGone_isNotShown() throws {
        let recorded = try file("budget-2019.xls")
        try store.recordNames([NamedFile(path: recorded, signature: FileSignature(size: 10, modificationTimeNanoseconds: 1, inode: 1))], at: 1)
        try list([recorded, folder + "/budget-2019-gone.xls"])
        #expect(names(try search("budget 2019")) == ["budget-2019.xls"])
    }

    @Test func filters_areAskedOfAListedFile_asOfADocument() throws {
        let old = try file("report-a.ods", bytes: 100, modified: Date(timeIntervalSince1970: 1_500_000_000))
        let big = try file("sub/report-b.7z", bytes: 5000)
        try list([old, big])
        #expect(names(try search("report")) == ["report-a.ods", "report-b.7z"])
        #expect(names(try search("report") { $0.extensions = ["7z"] }) == ["report-b.7z"])
        #expect(names(try search("report") { $0.size = SizeRange(least: 1000) }) == ["report-b.7z"])
        #expect(names(try search("report") { $0.time = TimeRange(until: 1_600_000_000) }) == ["report-a.ods"])
        #expect(names(try search("report") { $0.scope = .tree(folder + "/sub") }) == ["report-b.7z"])
        #expect(names(try search("report") { $0.kinds = [.spreadsheet] }) == ["report-a.ods"])
        #expect(names(try search("report") { $0.name = NamePattern("*-b.*") }) == ["report-b.7z"])
        #expect(names(try search("report") { $0.folderNames = ["sub"] }) == ["report-b.7z"])
        #expect(try search("report") { $0.people = [PersonMatch(role: .author, text: "anna")] }.hits.isEmpty, "a listed file has no fields")
    }

    @Test func aNamesPattern_listsListedFiles_withTheIndexs_newestFirst() throws {
        let recorded = try file("scan-1.tiff", modified: Date(timeIntervalSince1970: 1_600_000_000))
        try store.recordNames([NamedFile(path: recorded, signature: FileSignature(size: 10, modificationTimeNanoseconds: 1_600_000_000_000_000_000, inode: 1))],
                              at: 1)
        try list([recorded, try file("SCAN-2.TIFF", modified: Date(timeIntervalSince1970: 1_700_000_000)), try file("other.tiff")])
        var filters = SearchFilters()
        filters.name = NamePattern("scan-*")
        let files = try IndexReader(path: store.path).files(matching: filters, limit: 10)
        #expect(files.map { ($0.path as NSString).lastPathComponent } == ["SCAN-2.TIFF", "scan-1.tiff"])
        #expect(files.map(\.listedOnly) == [true, false])
        #expect(files[0].signature.size == 10 && files[0].kind == .file)
    }

    @Test func lists_goWithTheirWalk_orTheirProcess() throws {
        try list([try file("a.7z")], walk: 1)
        try list([try file("b.7z")], walk: 2)
        #expect(PendingNames.load(beside: store.path)?.count == 2)
        PendingNames.remove(walk: 1, beside: store.path)
        #expect(PendingNames.load(beside: store.path)?.count == 1)
        // A list left by a process that is gone (a pid no process has: past the kernel's most).
        let abandoned = PendingNames.folder(beside: store.path) + "/4194305-1.names"
        try Data("file\u{0}\(folder)/c.7z\u{0}".utf8).write(to: URL(fileURLWithPath: abandoned))
        #expect(PendingNames.load(beside: store.path)?.count == 2)
        PendingNames.removeAbandoned(beside: store.path)
        #expect(PendingNames.load(beside: store.path)?.count == 1, "this process's list stays")
        PendingNames.remove(walk: 2, beside: store.path)
        #expect(PendingNames.load(beside: store.path) == nil)
    }
}
