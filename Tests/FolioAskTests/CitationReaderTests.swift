@testable import FolioAsk
import FolioCore
import Testing

/// Citations read from an answer as it streams, checked against the passages given.
struct CitationReaderTests {
    static let passages = [
        Passage(number: 1, path: "/d/a.pdf", title: nil, kind: .pdf, chunk: 0, firstPage: 4, lastPage: 4, pageLabel: nil, section: nil,
                text: "a", lastPageStarts: nil, rank: 1),
        Passage(number: 2, path: "/d/b.pdf", title: nil, kind: .pdf, chunk: 3, firstPage: 13, lastPage: 14, pageLabel: nil, section: nil,
                text: "b", lastPageStarts: nil, rank: 2),
    ]

    static func read(_ answer: String, pieceSize: Int) -> (shown: String, citations: [Citation]) {
        var reader = CitationReader(passages: passages)
        var record = Answer(question: "q", options: FolioConfiguration.default.ask, mode: .lexical, prompt: AskPrompt(question: "q", passages: passages))
        var start = answer.startIndex
        while start < answer.endIndex {
            let end = answer.index(start, offsetBy: pieceSize, limitedBy: answer.endIndex) ?? answer.endIndex
            record.add(reader.add(String(answer[start..<end])))
            start = end
        }
        record.add(reader.finish())
        return (record.text, reader.citations)
    }

    @Test func theSameCitationsWhateverThePiecesTheAnswerStreamsIn() {
        let answer = "Paid in March [1]. The parts [2, p. 14] and labour [1][2]; see [1, 2]. A [note], [2023] and a [link](http://x) stay. Open [ at the end"
        let expected = "Paid in March [1]. The parts [2, p. 14] and labour [1][2]; see [1][2]. A [note], [2023] and a [link](http://x) stay. Open [ at the end"
        for size in [1, 2, 3, 5, 8, answer.count] {
            let (shown, citations) = Self.read(answer, pieceSize: size)
            #expect(shown == expected, "pieces of \(size)")
            #expect(citations.map(\.number) == [1, 2, 1, 2, 1, 2])
            #expect(citations.allSatisfy { !$0.isInvented })
        }
    }

    @Test func numbersNotGivenAndPagesOutsideThePassageAreInventions() {
        let (shown, citations) = Self.read("Yes [3]. On [1, p. 9] and [2 p.13] and [2, page 15] and [1, pp. 4-5].", pieceSize: 4)
        #expect(shown == "Yes [3?]. On [1, p. 9?] and [2, p. 13] and [2, p. 15?] and [1, p. 4].")
        #expect(citations.map(\.problem) == [.notGiven(given: 2), .pageOutside(pages: 4...4), nil, .pageOutside(pages: 13...14), nil])
        #expect(citations[0].explanation == "[3] was not given: the passages were numbered 1 to 2")
        #expect(citations[3].explanation == "[2, p. 15]: passage 2 is on pages 13–14")
    }

    @Test func aBracketTooLongOrBrokenByALineIsText() {
        let long = "[" + String(repeating: "1", count: 50) + "]"
        #expect(Self.read(long, pieceSize: 7).shown == long)
        #expect(Self.read("[1\n] and [2]", pieceSize: 1).shown == "[1\n] and [2]")
        #expect(Self.read("[1\n] and [2]", pieceSize: 1).citations.map(\.number) == [2])
    }

    @Test func aQuoteWithACitationIsKeptAside_theCitationShownBare() {
        let answer = #"Paid in March [1: "paid on 3 March, in full"]. Parts [2, p. 14: “two pumps”][1: "x"]. Not one [see: "this"]."#
        for size in [1, 3, answer.count] {
            let (shown, citations) = Self.read(answer, pieceSize: size)
            #expect(shown == #"Paid in March [1]. Parts [2, p. 14][1]. Not one [see: "this"]."#, "pieces of \(size)")
            #expect(citations.map(\.quote) == ["paid on 3 March, in full", "two pumps", "x"])
            #expect(citations.map(\.page) == [nil, 14, nil])
        }
        let long = "[1: \"" + String(repeating: "word ", count: 130) + "\"]"
        #expect(Self.read(long, pieceSize: 9).shown == long, "a quote too long to be one is text")
    }

    @Test func theAnswerThatTheDocumentsDoNotSayIsRecognised() {
        #expect(Answer.saysNotFound("The documents do not say. They cover gardening."))
        #expect(Answer.saysNotFound("  **The documents do not say.**"))
        #expect(Answer.saysNotFound("the documents do not say"))
        #expect(!Answer.saysNotFound("The documents say 480 EUR [1]."))
    }
}
