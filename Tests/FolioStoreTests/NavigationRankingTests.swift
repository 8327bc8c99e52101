import Testing
import Foundation
@testable import FolioStore
import FolioCore
import FolioSQLite
import FolioText

/// Contents and index pages rank after the text they point to, and stay findable.
@Suite struct NavigationRankingTests {
    static let contents = """
        Contents
        1 Chemical equations . . . . . . . . . . . 5
        2 Chemical formulae . . . . . . . . . . . 7
        3 Formula arrows . . . . . . . . . . . 9
        4 Charges and bonds . . . . . . . . . . . 11
        5 Isotopes . . . . . . . . . . . 13
        6 Quokka appendix . . . . . . . . . . . 15
        """

    /// A manual whose contents chunk holds "chemical formula" more densely than the page
    /// that explains it, and a second document that mentions it once.
    static func manual(_ store: IndexStore) throws {
        let body = "Chemical formulae are typeset with the ce command: water is H2O and a formula may carry charges. "
            + "The formula arrows join the sides of chemical equations, and everything else about chemistry is explained here."
        var chunks = TemporaryDatabase.chunks([contents, body])
        chunks[0].navigation = NavigationText.isNavigation(contents)
        #expect(chunks[0].navigation)
        try store.save(TemporaryDatabase.record("/docs/mhchem.pdf", kind: .pdf), chunks: chunks)
        try store.save(TemporaryDatabase.record("/docs/notes.txt"), chunks: TemporaryDatabase.chunks([
            "A chemical formula was on the blackboard; nobody could read it, and the lesson went on about other things entirely.",
        ]))
    }

    static func search(_ store: IndexStore, _ text: String, scope: PathScope = .everything, allChunks: Bool = false) throws -> [SearchHit] {
        try store.search(SearchRequest(query: SearchQuery(parsing: text), limit: 10, scope: scope, allChunks: allChunks))
    }

    @Test func textRanksFirst_navigationStaysFindable() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.manual(store)
        // Plain BM25 puts the contents chunk first: the reason for the rule.
        let plain = try store.read("bm25") { db in
            try db.values(as: Int64.self, "SELECT rowid FROM chunk_fts WHERE chunk_fts MATCH 'chemical formula' ORDER BY bm25(chunk_fts) LIMIT 1")
        }
        #expect(plain == [1])
        let hits = try Self.search(store, "chemical formula")
        #expect(hits.map(\.path) == ["/docs/mhchem.pdf", "/docs/notes.txt"])
        #expect(hits.first?.chunkOrdinal == 1, "the page that explains, not the contents")
        #expect(hits.map(\.navigation) == [false, false])
        let every = try Self.search(store, "chemical formula", allChunks: true)
        #expect(every.map(\.chunkOrdinal) == [1, 0, 0] && every.last?.path == "/docs/mhchem.pdf", "navigation after all text")
        let scoped = try Self.search(store, "chemical formula", scope: .tree("/docs"))
        #expect(scoped.first?.chunkOrdinal == 1, "the scoped path ranks the same way")
        // A word only the contents has still finds it.
        #expect(try Self.search(store, "quokka").map { [$0.chunkOrdinal, $0.navigation ? 1 : 0] } == [[0, 1]])
        // Its snippet shows no leaders.
        let snippet = try #require(try Self.search(store, "isotopes").first).snippet.text
        #expect(!snippet.contains(". . .") && snippet.contains("Isotopes … 13"), "\(snippet)")
    }

    /// Chunks written before navigation was judged are judged from their text when the
    /// index settles.
    @Test func olderChunks_areJudgedWhenTheIndexSettles() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try Self.manual(store)
        try store.write("forget the judgement") { db in try db.execute("UPDATE chunk SET navigation = NULL") }
        #expect(try Self.search(store, "chemical formula").first?.chunkOrdinal == 0, "unjudged chunks rank as text")
        while try store.tendSearchTables() {}
        let judged = try store.read("read") { db in try db.values(as: Int.self, "SELECT navigation FROM chunk ORDER BY id") }
        #expect(judged == [1, 0, 0])
        #expect(try Self.search(store, "chemical formula").first?.chunkOrdinal == 1)
    }

    @Test func snippets_collapseLeadersAndPageColumns() {
        #expect(Snippet(marked: "Introduction . . . . . . . 1 Implementation ........ 3").text == "Introduction … 1 Implementation … 3")
        #expect(Snippet(marked: "Figures 12 14 17 23 31 and more").text == "Figures … and more")
        #expect(Snippet(marked: "in 1999 and 2004, see p. 12.").text == "in 1999 and 2004, see p. 12.", "text stays as it is")
        let marked = Snippet(marked: "Isotopes . . . . . . \u{E000}13\u{E001} 15 17 19")
        #expect(marked.text == "Isotopes … 13 15 17 19" && marked.highlights == [11..<13], "a searched page number stays")
    }

    /// A chunk found by meaning alone shows its first words, its leaders collapsed, read
    /// from the text's start only.
    @Test func leadingWords_areTheTextsFirst_withAnEllipsisWhenMoreFollows() {
        #expect(Snippet(leadingWords: "  The  harbour\nfloods twice a day. ", count: 4).text == "The harbour floods twice …")
        #expect(Snippet(leadingWords: "The harbour floods twice", count: 4).text == "The harbour floods twice")
        #expect(Snippet(leadingWords: "The harbour floods twice   ", count: 4).text == "The harbour floods twice", "white space is not more")
        #expect(Snippet(leadingWords: "Contents . . . . . . . . . . . . . . . . 1 Tides . . . . . . . 3", count: 3).text == "Contents … 1 …",
                "leaders collapsed as in a marked snippet")
        let long = (0..<100_000).map { "w\($0)" }.joined(separator: " ")
        #expect(Snippet(leadingWords: long, count: 3).text == "w0 w1 w2 …")
        #expect(Snippet(leadingWords: "", count: 3).text == "")
    }
}
