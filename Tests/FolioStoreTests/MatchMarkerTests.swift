import Testing
import FolioCore
@testable import FolioStore
import FolioSQLite
import FolioText

/// `MatchMarker`: the words it marks are the words FTS5's own `highlight()` marks for the
/// same query, and the snippet it cuts is around them.
@Suite struct MatchMarkerTests {
    static let texts = [
        "Running runs and the runner ran: a run of RUNS.",
        "Le café est fermé; the cafe and the CAFÉ reopened. Naïve naive NAÏVE.",
        "Our tax return for 2023: the tax, the return, and a tax-return form.",
        "Configuring the configuration of configurable configs, not a confiture.",
        "東京 is Tokyo; 東京タワー is a tower. Emoji 🎉 party 🎉 time.",
        "Supercalifragilisticexpialidocious words and supercalifragilistic ones.",
        "the the the end.",
    ]
    static let queries = [
        "running", "run ran", "cafe naive", "\"tax return\" 2023", "tax return", "configur*", "config* confiture",
        "東京 tokyo party", "supercalifragilisticexpialidocious", "the end -nothing", "return -2022",
    ]

    /// The whole text marked (a window wider than it): FTS5's `highlight()` for each query
    /// and every text it matches.
    @Test func marks_areFTS5Highlights() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        for (index, text) in Self.texts.enumerated() {
            try store.save(TemporaryDatabase.record("/t/\(index).txt"), chunks: TemporaryDatabase.chunks([text]))
        }
        let reader = try IndexReader(path: database.path)
        var compared = 0
        for typed in Self.queries {
            let query = SearchQuery(parsing: typed)
            let expression = try #require(query.anyTermExpression ?? query.allTermsExpression)
            try reader.read("test") { db in
                let marker = try MatchMarker(db, terms: Array(query.required.joined()))
                for row in try db.rows("""
                    SELECT c.text AS text, highlight(chunk_fts, 0, char(57344), char(57345)) AS marked
                    FROM chunk_fts JOIN chunk c ON c.id = chunk_fts.rowid WHERE chunk_fts MATCH ?
                    """, [expression]) {
                    let ours = try marker.snippet(of: row["text"], words: 10_000, in: db)
                    let fts5 = (row["marked"] as String).unicodeScalars
                    #expect(ours.marked == String(fts5), "\(typed)")
                    let fts5First = fts5.firstIndex(of: Snippet.openMark).map { fts5.distance(from: fts5.startIndex, to: $0) }
                    #expect(ours.firstMatch == fts5First, "\(typed)")
                    compared += 1
                }
            }
        }
        #expect(compared >= 12)
    }

    /// A long text: the window holds the most different words, begins at their sentence
    /// when it can, and says with `…` that text was left out.
    @Test func snippet_isCutAroundTheMatches() throws {
        let database = try TemporaryDatabase()
        _ = try IndexStore(path: database.path)
        let filler = Array(repeating: "lorem ipsum dolor sit amet", count: 40).joined(separator: " ")
        let text = "Tax appears here alone. " + filler + ". The refund of the tax was paid in March. " + filler
        let reader = try IndexReader(path: database.path)
        try reader.read("test") { db in
            let marker = try MatchMarker(db, terms: Array(SearchQuery(parsing: "tax refund").required.joined()))
            let snippet = Snippet(marked: try marker.snippet(of: text, words: 12, in: db).marked)
            #expect(snippet.text == "…The refund of the tax was paid in March. lorem ipsum dolor…", "\(snippet.text)")
            #expect(snippet.rendered(text: { $0 }, match: { "[\($0)]" }) == "…The [refund] of the [tax] was paid in March. lorem ipsum dolor…")
            let start = try marker.snippet(of: text, words: 8, in: db)
            #expect(start.firstMatch == 0)
            let none = try MatchMarker(db, terms: Array(SearchQuery(parsing: "absent").required.joined()))
            #expect(Snippet(marked: try none.snippet(of: text, words: 4, in: db).marked).text == "Tax appears here alone…")
        }
    }

    /// A chunk over two pages is shown at the page of its first match.
    @Test func hit_isOnThePageOfItsFirstMatch() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        let text = "Page one speaks of apples. Page two speaks of pears."
        let chunk = Chunk(ordinal: 0, firstPage: 4, lastPage: 5, section: nil, text: text, startOffset: 0, endOffset: text.count,
                          pageBreakOffset: 27)
        try store.save(TemporaryDatabase.record("/t/fruit.pdf", kind: .pdf), chunks: [chunk])
        let reader = try IndexReader(path: database.path)
        #expect(try reader.search(SearchRequest(query: SearchQuery(parsing: "apples"))).first?.page == 4)
        #expect(try reader.search(SearchRequest(query: SearchQuery(parsing: "pears"))).first?.page == 5)
        #expect(try reader.search(SearchRequest(query: SearchQuery(parsing: "pears apples"))).first?.page == 4)
    }
}
