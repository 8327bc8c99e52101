import Testing
import Foundation
@testable import FolioText
import FolioCore
import FolioTestSupport

@Suite struct WordChunkerTests {
    private func chunker(_ max: Int, _ overlap: Int) -> WordChunker {
        WordChunker(options: ChunkingOptions(maxTokensPerChunk: max, overlapTokens: overlap))
    }

    private func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test func shortDocument_isOneChunk_withItsPageAndSection() {
        let pages = [Page(number: 1, lines: [TextLine("Tax return 2023.", section: "Taxes"), TextLine("Second line.", section: "Taxes")])]
        let chunks = chunker(500, 100).chunks(of: pages)
        #expect(chunks == [Chunk(ordinal: 0, firstPage: 1, lastPage: 1, section: "Taxes", text: "Tax return 2023.\nSecond line.",
                                 startOffset: 0, endOffset: 29)])
    }

    /// Source code: each chunk knows the line it starts on, its text keeps the blank lines
    /// between its lines (so a match's line can be counted from it), and its camelCase
    /// names' parts are its terms.
    @Test func sourceCode_givesEachChunkItsFirstLine_keepsBlankLines_andSplitsNames() {
        let lines = ["import sys", "", "", "def parse(path):", "    return open(path).read()", "", "class LighthouseKeeper:", "    pass"]
        let pages = [Page(number: 1, lines: lines.map { TextLine($0) })]
        let chunks = WordChunker(options: ChunkingOptions(maxTokensPerChunk: 7, overlapTokens: 0), sourceCode: true).chunks(of: pages)
        #expect(chunks.map(\.firstLine) == [1, 7])
        #expect(chunks.map(\.section) == [nil, nil])
        #expect(chunks.map(\.terms) == [nil, "lighthouse keeper"])
        #expect(chunks.first?.text == "import sys\n\n\ndef parse(path):\nreturn open(path).read()")
        #expect(chunk(4, of: chunks[0].text) == "def parse(path):", "line 4 is the fourth line of a chunk from line 1")
        let prose = chunker(7, 0).chunks(of: pages)
        #expect(prose.first?.text == "import sys\ndef parse(path):\nreturn open(path).read()", "prose keeps no blank lines")
        #expect(prose.allSatisfy { $0.firstLine == nil && $0.terms == nil })
    }

    /// Source code whose lines are in definitions smaller than the chunk's section: the
    /// chunk's outline says from which of its lines on each is, which a hit names its line by.
    @Test func sourceCode_outlinesTheDefinitionsSmallerThanItsSection() {
        let lines = [("class Keeper:", "Keeper"), ("    def tend(self):", "Keeper.tend"), ("        return 1", "Keeper.tend"),
                     ("", "Keeper"), ("    def ring(self):", "Keeper.ring"), ("        return 2", "Keeper.ring")]
        let pages = [Page(number: 1, lines: lines.map { TextLine($0.0, section: "Keeper", definition: $0.1) })]
        let code = WordChunker(options: ChunkingOptions(maxTokensPerChunk: 100, overlapTokens: 0), sourceCode: true).chunks(of: pages)
        #expect(code.map(\.outline) == ["0\tKeeper\n1\tKeeper.tend\n4\tKeeper.ring\n"], "the blank line has no words of its own")
        let plain = lines.map { TextLine($0.0, section: "Keeper", definition: "Keeper") }
        #expect(WordChunker(options: ChunkingOptions(maxTokensPerChunk: 100, overlapTokens: 0), sourceCode: true)
            .chunks(of: [Page(number: 1, lines: plain)]).map(\.outline) == [nil], "every line's is the section")
        #expect(chunker(100, 0).chunks(of: pages).map(\.outline) == [nil], "prose has none")
    }

    @Test(arguments: [("parseConfig", "parse config"), ("LighthouseKeeper", "lighthouse keeper"), ("HTTPServer", "http server"),
                      ("getHTTPResponse2", "get http response2"), ("XMLHttpRequest", "xml http request"), ("iPhone", "i phone")])
    func camelCaseNames_splitIntoTheirParts(_ name: String, _ parts: String) {
        #expect(CodeTerms.of("x = \(name)(y)") == parts)
    }

    @Test func namesWithoutCaseChanges_giveNoTerms_andEachNameIsGivenOnce() {
        #expect(CodeTerms.of("snake_case kebab-case lower UPPER sha256 x86_64") == nil)
        #expect(CodeTerms.of("parseConfig(path); parseConfig(other); readAll") == "parse config\nread all")
    }

    /// The bytes' way gives what the characters' way gives, on every source file of Folio's
    /// own and on names at the edges of the rules.
    @Test func asciiText_givesTheTermsCharactersGive() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var texts = try files.map { try String(contentsOfFile: sources.path + "/" + $0, encoding: .utf8) }
        texts += ["ABC aB A1b 2FA IOError x86_64 sha256Hash HTTPServer getHTTPResponse2 a\r\nbC", "", "Ab", "aB1cD"]
        for text in texts where text.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(CodeTerms.ofASCII(text) == .some(CodeTerms.ofCharacters(text)))
        }
        #expect(CodeTerms.ofASCII("café parseConfig") == .none, "not ASCII: the characters' way")
        #expect(CodeTerms.of("café parseConfig") == "parse config")
    }

    private func chunk(_ line: Int, of text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1])
    }

    @Test func emptyDocument_hasNoChunks() {
        #expect(chunker(500, 100).chunks(of: [Page(number: 1, lines: [TextLine(""), TextLine("   ")])]).isEmpty)
        #expect(chunker(500, 100).chunks(of: []).isEmpty)
    }

    @Test func chunk_endsAtASentence_whenThatKeepsItHalfFull() {
        let text = "one two three four five six seven eight. nine ten eleven twelve thirteen fourteen fifteen sixteen."
        let chunks = chunker(12, 0).chunks(of: [Page(number: 1, lines: [TextLine(text)])])
        #expect(chunks.map(\.text) == ["one two three four five six seven eight.", "nine ten eleven twelve thirteen fourteen fifteen sixteen."])
    }

    @Test func overlap_startsAtASentence() {
        let text = "a b c d. e f g h. i j k l. m n o p."
        let chunks = chunker(8, 4).chunks(of: [Page(number: 1, lines: [TextLine(text)])])
        #expect(chunks.map(\.text) == ["a b c d. e f g h.", "e f g h. i j k l.", "i j k l. m n o p."])
    }

    @Test func longWord_isNeverSplit() {
        let long = String(repeating: "x", count: 5000)
        let chunks = chunker(16, 4).chunks(of: [Page(number: 1, lines: [TextLine("before \(long) after")])])
        #expect(chunks.count == 1)
        #expect(chunks[0].text == "before \(long) after")
    }

    @Test func chunk_spanningPages_keepsFirstAndLastPage() {
        let pages = [Page(number: 1, lines: [TextLine("end of page one")]), Page(number: 2, lines: [TextLine("start of page two")])]
        let chunks = chunker(500, 100).chunks(of: pages)
        #expect(chunks.count == 1)
        #expect(chunks[0].firstPage == 1 && chunks[0].lastPage == 2)
        #expect(chunks[0].text == "end of page one\nstart of page two")
    }

    @Test func chunk_neverSpansThreePages() {
        let pages = (1...5).map { Page(number: $0, lines: [TextLine("page \($0) words.")]) }
        let chunks = chunker(500, 100).chunks(of: pages)
        #expect(chunks.map { [$0.firstPage, $0.lastPage] } == [[1, 2], [2, 3], [3, 4], [4, 5]])
        #expect(chunks.map(\.pageBreakOffset) == [14, 14, 14, 14])
        #expect(chunks.map(\.text) == ["page 1 words.\npage 2 words.", "page 2 words.\npage 3 words.",
                                       "page 3 words.\npage 4 words.", "page 4 words.\npage 5 words."])
    }

    @Test func newSection_startsANewChunk_withoutOverlap() {
        let pages = [Page(number: 1, lines: [TextLine("Intro", section: "Intro"), TextLine("intro text.", section: "Intro"),
                                             TextLine("Method", section: "Method"), TextLine("method text.", section: "Method")])]
        let chunks = chunker(500, 100).chunks(of: pages)
        #expect(chunks.map(\.section) == ["Intro", "Method"])
        #expect(chunks.map(\.text) == ["Intro\nintro text.", "Method\nmethod text."])
    }

    /// Random documents: chunks respect the size limit and sections, cover every word in
    /// order, overlap only as configured, carry the right pages and offsets, and come out
    /// the same twice.
    @Test(arguments: 0..<60)
    func randomDocuments_keepTheChunkingInvariants(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var counter = 0
        let maximum = Int.random(in: 8...60, using: &random)
        let overlap = Int.random(in: 0..<maximum, using: &random)
        var section: String? = nil
        var pages: [Page] = []
        // Every input word with its page and section, in reading order.
        var expected: [(word: String, page: Int, section: String?)] = []
        for number in 1...Int.random(in: 1...6, using: &random) {
            var lines: [TextLine] = []
            for _ in 0..<Int.random(in: 0...15, using: &random) {
                if Int.random(in: 0..<8, using: &random) == 0 { section = random.uniqueWord(&counter) }
                let lineWords = (0..<Int.random(in: 0...20, using: &random)).map { _ in
                    random.uniqueWord(&counter) + (Int.random(in: 0..<6, using: &random) == 0 ? "." : "")
                }
                lines.append(TextLine(lineWords.joined(separator: Bool.random(using: &random) ? " " : "  "), section: section))
                expected += lineWords.map { ($0, number, section) }
            }
            pages.append(Page(number: number, lines: lines))
        }
        let chunker = self.chunker(maximum, overlap)
        let chunks = chunker.chunks(of: pages)
        #expect(chunks == chunker.chunks(of: pages), "deterministic, seed \(seed)")

        let documentText = pages.map { $0.lines.map(\.text).joined(separator: "\n") }.joined(separator: "\u{0C}")
        let scalars = Array(documentText.unicodeScalars)
        var position = 0  // index in `expected` of the first word not yet seen
        for (index, chunk) in chunks.enumerated() {
            let chunkWords = words(chunk.text)
            #expect(chunk.ordinal == index)
            #expect(!chunkWords.isEmpty && chunkWords.count <= maximum, "size, seed \(seed)")
            let start = expected.firstIndex { $0.word == chunkWords[0] }!
            #expect(start <= position, "no word skipped, seed \(seed)")
            #expect(position - start <= overlap, "overlap within limit, seed \(seed)")
            let covered = expected[start..<(start + chunkWords.count)]
            #expect(covered.map(\.word) == chunkWords, "words in order, seed \(seed)")
            #expect(Set(covered.map(\.section)).count == 1 && covered.first?.section == chunk.section, "one section, seed \(seed)")
            if start < position { #expect(covered.first?.section == expected[position - 1].section, "overlap stays in its section") }
            #expect(chunk.firstPage == covered.first?.page && chunk.lastPage == covered.last?.page, "pages, seed \(seed)")
            #expect(Set(covered.map(\.page)).count <= 2, "at most two pages, seed \(seed)")
            if let pageBreak = chunk.pageBreakOffset {
                let secondPage = String(String.UnicodeScalarView(Array(chunk.text.unicodeScalars)[pageBreak...]))
                #expect(words(secondPage) == covered.filter { $0.page == chunk.lastPage }.map(\.word), "page break, seed \(seed)")
            } else {
                #expect(chunk.firstPage == chunk.lastPage, "page break recorded, seed \(seed)")
            }
            let slice = String(String.UnicodeScalarView(scalars[chunk.startOffset..<chunk.endOffset]))
            #expect(words(slice) == chunkWords, "offsets, seed \(seed)")
            position = start + chunkWords.count
        }
        #expect(position == expected.count, "every word covered, seed \(seed)")
    }
}
