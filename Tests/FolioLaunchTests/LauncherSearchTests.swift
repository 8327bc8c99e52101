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
