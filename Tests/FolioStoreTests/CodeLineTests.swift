import Testing
@testable import FolioStore

/// What a hit in code says: the match's line, and the definition it is in, from the chunk's
/// outline where it has one (`Chunk.outline`), else its section.
@Suite struct CodeLineTests {
    let text = "class Keeper:\ndef tend(self):\nreturn 1\n\ndef ring(self):\nreturn 2"
    let outline = "0\tKeeper\n1\tKeeper.tend\n3\t\n4\tKeeper.ring\n"

    @Test func aMatchsLine_isNamedByTheOutlineEntryAtOrBeforeIt() {
        let returnOne = text.distance(from: text.startIndex, to: text.range(of: "return 1")!.lowerBound)
        let returnTwo = text.distance(from: text.startIndex, to: text.range(of: "return 2")!.lowerBound)
        #expect(CodeLine.section(firstLine: 10, text: text, firstMatch: returnOne, definition: "Keeper", outline: outline) == "Keeper.tend, line 12")
        #expect(CodeLine.section(firstLine: 10, text: text, firstMatch: returnTwo, definition: "Keeper", outline: outline) == "Keeper.ring, line 15")
        #expect(CodeLine.section(firstLine: 10, text: text, firstMatch: 0, definition: "Keeper", outline: outline) == "Keeper, line 10")
        #expect(CodeLine.named(line: 3, in: outline) == nil, "a line in no definition")
    }

    @Test func withoutAnOutline_theSectionNamesEveryLine() {
        #expect(CodeLine.section(firstLine: 10, text: text, firstMatch: 20, definition: "Keeper", outline: nil) == "Keeper, line 11")
        #expect(CodeLine.section(firstLine: 10, text: text, firstMatch: nil, definition: nil, outline: nil) == "line 10")
    }
}
