import Testing
@testable import FolioText
import FolioCore
import FolioTestSupport

@Suite struct PagePipelineTests {
    /// A report of `count` pages: a running header, a chapter header that changes every
    /// 50 pages, a body line of words of its own, and a page-number footer.
    static func report(pages count: Int) -> [Page] {
        (1...count).map { number in
            Page(number: number, lines: [TextLine("ACME Corporation Annual Report"), TextLine("Chapter \(["one", "two", "three", "four"][(number - 1) / 50 % 4]) review"),
                                         TextLine(body(number)), TextLine("Page \(number) of \(count)")])
        }
    }

    /// A line no other page has, even with digits ignored: the page number spelt in letters.
    static func body(_ number: Int) -> String {
        "Body text mentions item" + String(String(number).unicodeScalars.map { Character(Unicode.Scalar($0.value + 49)!) }) + " in a sentence."
    }

    @Test func streamedFilter_matchesTheWholeFilter_forDocumentsWithinTheRadius() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<20 {
            let pages = Self.report(pages: Int.random(in: 1...33, using: &random))
            var stream = HeaderFooterFilter.Stream(filter: HeaderFooterFilter())
            let streamed = pages.flatMap { stream.add($0) } + stream.finish()
            #expect(streamed == HeaderFooterFilter().filter(pages))
        }
    }

    /// The chapter headers too: each is on most pages within the radius of its pages.
    @Test func streamedFilter_removesRunningHeadersFromEveryPageOfALongDocument() {
        var stream = HeaderFooterFilter.Stream(filter: HeaderFooterFilter(), radius: 16)
        var waiting = 0
        var output: [Page] = []
        for page in Self.report(pages: 1000) {
            output += stream.add(page)
            waiting = max(waiting, page.number - output.count)
        }
        output += stream.finish()
        #expect(output.map(\.number) == Array(1...1000))
        #expect(waiting == 16, "a page is judged once the radius after it has arrived")
        for page in output {
            #expect(page.lines.map(\.text) == [Self.body(page.number)], "page \(page.number)")
        }
    }

    @Test func pipeline_givesTheSameChunksAsFilteringAndChunkingWhole() {
        let pages = Self.report(pages: 40)
        let options = ChunkingOptions(maxTokensPerChunk: 40, overlapTokens: 8)
        var pipeline = PagePipeline(filter: HeaderFooterFilter(), chunker: WordChunker(options: options))
        pages.forEach { pipeline.add($0) }
        pipeline.finish()
        #expect(pipeline.chunks == WordChunker(options: options).chunks(of: HeaderFooterFilter().filter(pages)))
        #expect(pipeline.firstPages.map(\.number) == [1, 2, 3])
    }

    @Test func streamedChunker_emitsChunksAsPagesArrive_withConsecutiveOrdinals() {
        var stream = WordChunker.Stream(options: ChunkingOptions(maxTokensPerChunk: 20, overlapTokens: 4))
        var chunks: [Chunk] = []
        var emittedBeforeTheEnd = false
        for page in Self.report(pages: 30) {
            let new = stream.add(page)
            emittedBeforeTheEnd = emittedBeforeTheEnd || !new.isEmpty
            chunks += new
        }
        chunks += stream.finish()
        #expect(emittedBeforeTheEnd)
        #expect(chunks.map(\.ordinal) == Array(0..<chunks.count))
    }
}
