import Testing
import FolioLoaders
import FolioCore

@Suite struct MarkdownLoaderTests {
    @Test func fixture_keepsTextAndSections_dropsMarkup() throws {
        let document = try MarkdownLoader().load(Fixture.file("notes.md"))
        #expect(document.kind == .markdown)
        #expect(document.title == "Quarterly Tax Notes")
        #expect(document.pages.count == 1)
        let lines = document.pages[0].lines
        #expect(lines.map(\.text) == [
            "Overview",
            "Our tax return for 2023 is filed. See the filing portal and receipt scan.",
            "Deductions",
            "Home office: 1,200",
            "Travel: 800",
            "nested item about mileage",
            "Item | Amount",
            "Donations | 350",
            "def deductible_total(items):",
            "    return sum(items)",
            "Inline code span and inline html text.",
        ])
        #expect(lines.map(\.section) == ["Overview", "Overview"] + Array(repeating: "Deductions", count: 9))
        let all = lines.map(\.text).joined(separator: " ")
        for dropped in ["https", "example.com", "receipt.png", "**", "layout", "raw html block", "<span>"] {
            #expect(!all.contains(dropped), "\(dropped) should not be indexed")
        }
    }

    @Test func titleFallsBackToFirstTopHeading() throws {
        let withHeading = try Fixture.temporary("a.md", Array("intro\n\n## Sub\n\n# The Title\n".utf8))
        #expect(try MarkdownLoader().load(withHeading).title == "The Title")
        let without = try Fixture.temporary("plain name.md", Array("just text\n".utf8))
        #expect(try MarkdownLoader().load(without).title == nil)
    }

    @Test func tomlFrontMatter_givesTheTitle() throws {
        let file = try Fixture.temporary("t.md", Array("+++\ntitle = 'Hugo Page'\n+++\nbody\n".utf8))
        let document = try MarkdownLoader().load(file)
        #expect(document.title == "Hugo Page")
        #expect(document.pages[0].lines.map(\.text) == ["body"])
    }

    @Test func deeplyNestedLists_doNotExhaustTheStack() throws {
        let nested = (0..<3000).map { String(repeating: "  ", count: $0) + "- item\($0)" }.joined(separator: "\n")
        let document = try MarkdownLoader().load(Fixture.temporary("deep.md", Array(nested.utf8)))
        #expect(document.pages[0].lines.contains { $0.text.contains("item0") })
    }

    @Test func binaryFile_namedMarkdown_isRefused() throws {
        let file = try Fixture.temporary("x.md", [0x00, 0x01, 0x02, 0x03])
        #expect(throws: LoaderError.binaryContent(path: file.path, what: "binary data")) { try MarkdownLoader().load(file) }
    }
}
