import Testing
import FolioStore
import FolioCore
import FolioText

@Suite struct SearchTests {
    /// An index of small documents, each one chunk unless given several.
    private func index(_ documents: [(path: String, kind: DocumentKind, chunks: [String])], section: String? = nil) throws -> IndexReader {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        for document in documents {
            try store.save(TemporaryDatabase.record(document.path, kind: document.kind),
                           chunks: TemporaryDatabase.chunks(document.chunks, section: section))
        }
        return try IndexReader(path: database.path)
    }

    private func paths(_ reader: IndexReader, _ text: String, _ configure: (inout SearchRequest) -> Void = { _ in }) throws -> [String] {
        var request = SearchRequest(query: SearchQuery(parsing: text), limit: 10)
        configure(&request)
        return try reader.search(request).map(\.path)
    }

    @Test func documentsWithAllWords_rankAboveThoseWithSome() throws {
        let reader = try index([
            ("/tax-only.txt", .text, ["tax tax tax tax tax tax"]),
            ("/both.txt", .text, ["the 2023 tax return, long text about many other things entirely"]),
            ("/year-only.txt", .text, ["2023 2023 2023"]),
        ])
        let hits = try reader.search(SearchRequest(query: SearchQuery(parsing: "tax 2023")))
        #expect(hits.first?.path == "/both.txt")
        #expect(hits.map(\.matchesAllTerms) == [true, false, false])
        #expect(Set(hits.map(\.path)) == ["/tax-only.txt", "/both.txt", "/year-only.txt"])
    }

    @Test func oneResultPerDocument_unlessAllChunksAreAsked() throws {
        let reader = try index([("/long.txt", .text, ["alpha one", "alpha two", "alpha three"]), ("/other.txt", .text, ["alpha"])])
        #expect(try paths(reader, "alpha").sorted() == ["/long.txt", "/other.txt"])
        let all = try reader.search(SearchRequest(query: SearchQuery(parsing: "alpha"), allChunks: true))
        #expect(all.count == 4)
        #expect(Set(all.filter { $0.path == "/long.txt" }.map(\.firstPage)) == [1, 2, 3])
    }

    @Test func phrasesPrefixesExclusionsAndOr() throws {
        let reader = try index([
            ("/a.txt", .text, ["quarterly tax report"]),
            ("/b.txt", .text, ["report on tax, quarterly"]),
            ("/c.txt", .text, ["connection pooling"]),
            ("/d.txt", .text, ["tax draft"]),
        ])
        #expect(try paths(reader, "\"quarterly tax\"") == ["/a.txt"])
        #expect(try paths(reader, "connect*") == ["/c.txt"])
        #expect(try paths(reader, "tax -draft").sorted() == ["/a.txt", "/b.txt"])
        #expect(try paths(reader, "pooling OR draft").sorted() == ["/c.txt", "/d.txt"])
    }

    @Test func stemming_findsOtherFormsOfAWord() throws {
        let reader = try index([("/a.txt", .text, ["connections were connected"])])
        #expect(try paths(reader, "connecting") == ["/a.txt"])
    }

    @Test func hyphenatedWords_matchBothSpellings() throws {
        let reader = try index([("/a.txt", .text, ["the lift-drag ratio"]), ("/b.txt", .text, ["lift drag"]), ("/c.txt", .text, ["due 2023-04-01"])])
        #expect(try paths(reader, "lift-drag").sorted() == ["/a.txt", "/b.txt"])
        #expect(try paths(reader, "2023") == ["/c.txt"])
    }

    @Test func typeAndPathFilters() throws {
        let reader = try index([
            ("/docs/a.md", .markdown, ["budget"]), ("/docs/sub/b.html", .html, ["budget"]), ("/docsx/c.txt", .text, ["budget"]),
        ])
        #expect(try paths(reader, "budget") { $0.kinds = [.markdown, .html] }.sorted() == ["/docs/a.md", "/docs/sub/b.html"])
        #expect(try paths(reader, "budget") { $0.scope = .tree("/docs") }.sorted() == ["/docs/a.md", "/docs/sub/b.html"])
        #expect(try paths(reader, "budget") { $0.scope = .tree("/docs/sub/b.html") } == ["/docs/sub/b.html"])
    }

    @Test func snippet_marksTheMatchedWords() throws {
        let reader = try index([("/a.txt", .text, ["Our tax\nreturn for 2023 was filed on time."])])
        let hit = try #require(try reader.search(SearchRequest(query: SearchQuery(parsing: "tax filed"))).first)
        #expect(hit.snippet.text == "Our tax return for 2023 was filed on time.")
        let marked = hit.snippet.highlights.map { range in
            String(String.UnicodeScalarView(Array(hit.snippet.text.unicodeScalars)[range]))
        }
        #expect(marked == ["tax", "filed"])
    }

    @Test func limit_isRespectedAcrossBothTiers() throws {
        let reader = try index((0..<30).map { ("/\($0).txt", .text, [$0 % 2 == 0 ? "red blue" : "red"]) })
        #expect(try paths(reader, "red blue") { $0.limit = 20 }.count == 20)
        #expect(try paths(reader, "red blue") { $0.limit = 5 }.count == 5)
    }

    /// Whatever a person types reaches FTS5 without a syntax error.
    @Test(arguments: [
        "lift-drag", "(a)", "\"", ":", "AND", "OR", "NOT", "*", "a OR", "\"unclosed", "😀", "tax 😀", "a:b", "^x", "NEAR(a b)",
        "col:tax", "-", "--x", "{a}", "x'y", "a\u{0}b", "中文", "\u{E000}x\u{E001}", String(repeating: "word (x) \"y\" ", count: 340),
    ])
    func nastyInput_neverFails(text: String) throws {
        let reader = try index([("/a.txt", .text, ["word x y a b tax lift drag"])])
        _ = try reader.search(SearchRequest(query: SearchQuery(parsing: text)))
    }
}
