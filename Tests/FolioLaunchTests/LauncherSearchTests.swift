import Testing
@testable import FolioLaunch
import FolioCore
import FolioStore
import FolioText
import Foundation

@Suite struct LauncherSearchTests {
    @Test func noIndexYet_givesNoRows_notAnError() throws {
        let search = LauncherSearch(databasePath: FileManager.default.temporaryDirectory.path + "/folio-none-\(UUID().uuidString).sqlite")
        #expect(try search.search("tax", limit: 5).isEmpty)
        #expect(try search.counts() == nil)
        #expect(try search.row(for: ResultID(path: "/a.txt", page: 1)) == nil)
    }

    @Test func resultsPage_escapesAndMarks() {
        let row = LauncherSearch.Row(
            id: ResultID(path: "/home/ann/Documents/a&b.pdf", page: 3), kind: .pdf, name: "Q&A <draft>", pageText: "p. 3",
            description: "p. 3 · tax", snippet: Snippet(text: "the tax <form>", highlights: [4..<7]), iconName: "application-pdf",
            matchesAllTerms: true)
        let html = ResultsPage.render(query: "tax \"2023\"", rows: [row], home: "/home/ann")
        #expect(html.contains("<title>Folio: tax &quot;2023&quot;</title>"))
        #expect(html.contains("<a href=\"file:///home/ann/Documents/a%26b.pdf#page=3\">Q&amp;A &lt;draft&gt;</a>"))
        #expect(html.contains("<div class=\"where\">~/Documents/a&amp;b.pdf · p. 3</div>"))
        #expect(html.contains("<p>the <mark>tax</mark> &lt;form&gt;</p>"))
    }
}

/// A result on a drive that is not connected says so first in its description.
@Suite struct LauncherOfflineTests {
    @Test func aResultOnADriveNotConnected_saysSoInItsDescription() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/folio-launch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/folio.sqlite"
        let store = try IndexStore(path: path)
        let record = DocumentRecord(path: "/media/usb/heron.txt", signature: FileSignature(size: 1, modificationTimeNanoseconds: 1, inode: 1),
                                    contentHash: "h", kind: .text, title: nil, pageCount: 1, chunkCount: 1, status: .indexed, error: nil, indexedAt: 0)
        try store.save(record, chunks: [Chunk(ordinal: 0, firstPage: 1, lastPage: 1, section: nil, text: "heron invoice", startOffset: 0, endOffset: 13)])
        try store.record(Volume(mountPoint: "/media/usb", type: "vfat", offlineSince: 1_000))
        let rows = try LauncherSearch(databasePath: path).search("heron", limit: 5)
        #expect(rows.map(\.description) == ["On a drive that is not connected (/media/usb) · heron invoice"], "\(rows.map(\.description))")
    }
}
