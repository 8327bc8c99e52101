import Testing
import FolioLoaders
import FolioCore

@Suite struct HTMLLoaderTests {
    @Test func fixture_keepsVisibleText_dropsScriptsStylesAndNavigation() throws {
        let document = try HTMLLoader().load(Fixture.file("page.html"))
        #expect(document.kind == .html)
        #expect(document.title == "Café Menu & Prices")
        let lines = document.pages[0].lines
        #expect(lines.map(\.text) == [
            "Breakfast",
            "Fresh croissants — baked daily, served warm.",
            "Drinks",
            "Drink | Price",
            "Espresso | 2€",
            "Tea",
            "Cocoa",
            "line one",
            "line two",
            "Unclosed paragraph at the end",
            "after div",
        ])
        #expect(lines.map(\.section) == ["Breakfast", "Breakfast"] + Array(repeating: "Drinks", count: 9))
        let all = lines.map(\.text).joined(separator: " ")
        for dropped in ["secret", "navigation", "template content", "javascript", "hidden paragraph", "color"] {
            #expect(!all.contains(dropped), "\(dropped) should not be indexed")
        }
    }

    @Test func brokenMarkup_isRecovered() throws {
        let file = try Fixture.temporary("b.html", Array("<p>one<p>two<b>bold<i>both</b> after</i><div><span>three".utf8))
        let text = try HTMLLoader().load(file).pages[0].lines.map(\.text)
        #expect(text == ["one", "twoboldboth after", "three"])
    }

    @Test func titleFallsBackToH1() throws {
        #expect(try HTMLLoader().load(Fixture.temporary("a.html", Array("<h1>Main</h1><p>x</p>".utf8))).title == "Main")
        #expect(try HTMLLoader().load(Fixture.temporary("name.html", Array("<p>x</p>".utf8))).title == nil)
    }

    @Test func windows1252Page_isDecoded() throws {
        let file = try Fixture.temporary("w.html", Array("<p>caf".utf8) + [0xE9] + Array("</p>".utf8))
        #expect(try HTMLLoader().load(file).pages[0].lines.map(\.text) == ["café"])
    }

    /// Read as a stream, markup nested past the 256 elements libxml2 allows a tree is read
    /// whole (the tree-building loader stopped there and marked the page partial).
    @Test func markupNestedPastTheTreeLimit_isReadWhole() throws {
        let deep = "<p>before</p>" + String(repeating: "<div>", count: 300) + "after"
        let document = try HTMLLoader().load(Fixture.temporary("deep.html", Array(deep.utf8)))
        #expect(document.pages[0].lines.map(\.text) == ["before", "after"])
        #expect(document.problems.isEmpty)
    }

    @Test func deeplyNestedMarkup_doesNotExhaustTheStack() throws {
        let html = String(repeating: "<div>", count: 20_000) + "deep text" + String(repeating: "</div>", count: 20_000)
        #expect(try HTMLLoader().load(Fixture.temporary("deep.html", Array(html.utf8))).pages[0].lines.map(\.text) == ["deep text"])
    }
}
