@testable import FolioAsk
import FolioCore
@testable import FolioStore
import FolioText
import Testing

/// Passages chosen to fit the model's context, kept to a page range.
struct ContextBudgetTests {
    static func hit(_ path: String, chunk: Int, pages: ClosedRange<Int>, kind: DocumentKind = .pdf) -> SearchHit {
        SearchHit(path: path, title: nil, kind: kind, chunkOrdinal: chunk, page: pages.lowerBound, firstPage: pages.lowerBound,
                  lastPage: pages.upperBound, pageLabel: nil, section: "Intro", snippet: Snippet(text: "", highlights: []), score: -1,
                  matchesAllTerms: true, navigation: false, ocrConfidence: nil, ranking: nil)
    }

    static func words(_ count: Int, _ word: String) -> String {
        Array(repeating: word, count: count).joined(separator: " ")
    }

    @Test func thePassagesAndTheFixedPartFitTheContextLessTheAnswer() throws {
        let hits = (0..<10).map { Self.hit("/d/\($0).pdf", chunk: 0, pages: 1...1) }
        let texts: [ChunkContent?] = (0..<10).map { ChunkContent(text: Self.words(200 + 40 * $0, "word"), pageBreak: nil) }
        let budget = ContextBudget(contextTokens: 2000, answerTokens: 400, maximumPassages: 8)
        let passages = try budget.passages(hits, texts: texts, question: "what word", pages: nil)
        let prompt = AskPrompt(question: "what word", passages: passages)
        #expect(prompt.estimatedTokens <= 2000 - 400)
        #expect(passages.count == 4, "200 + 240 + 280 + 320 words fit beside the instructions")
        #expect(prompt.estimatedTokens + 360 > 2000 - 400, "the next, of 360 words, would not")
        #expect(passages.map(\.number) == [1, 2, 3, 4])
        #expect(passages.map(\.rank) == [1, 2, 3, 4])

        let roomy = ContextBudget(contextTokens: 100_000, answerTokens: 400, maximumPassages: 8)
        #expect(try roomy.passages(hits, texts: texts, question: "what word", pages: nil).count == 8)
    }

    @Test func aPassageTooLongIsPassedOverAndTheFirstCutWhenNoneFits() throws {
        let budget = ContextBudget(contextTokens: 1500, answerTokens: 300, maximumPassages: 8)
        let hits = [Self.hit("/d/long.pdf", chunk: 0, pages: 1...1), Self.hit("/d/short.pdf", chunk: 0, pages: 2...2)]
        let passages = try budget.passages(hits, texts: [ChunkContent(text: Self.words(3000, "long"), pageBreak: nil),
                                                         ChunkContent(text: "short text", pageBreak: nil)], question: "q", pages: nil)
        #expect(passages.map(\.path) == ["/d/short.pdf"])

        let cut = try budget.passages([hits[0]], texts: [ChunkContent(text: Self.words(3000, "long"), pageBreak: nil)], question: "q", pages: nil)
        #expect(cut.count == 1)
        #expect(cut[0].text.hasSuffix(" …"))
        #expect(AskPrompt(question: "q", passages: cut).estimatedTokens <= 1500 - 300)

        let overTwoPages = ChunkContent(text: Self.words(40, "first") + " " + Self.words(3000, "second"), pageBreak: 40 * 6)
        let cutOverTwo = try budget.passages([Self.hit("/d/two.pdf", chunk: 0, pages: 1...2)], texts: [overTwoPages], question: "q", pages: nil)
        #expect(cutOverTwo[0].pages == 1...2)
        #expect(AskPrompt.block(cutOverTwo[0]).contains("\n--- page 2 ---\nsecond"))
        #expect(AskPrompt(question: "q", passages: cutOverTwo).estimatedTokens <= 1500 - 300)
    }

    @Test func aContextWithoutRoomForAPassageIsRefused() {
        let budget = ContextBudget(contextTokens: 600, answerTokens: 512, maximumPassages: 8)
        #expect(throws: AskError.self) {
            try budget.passages([Self.hit("/d/a.pdf", chunk: 0, pages: 1...1)], texts: [ChunkContent(text: "text", pageBreak: nil)],
                                question: "q", pages: nil)
        }
    }

    @Test func aChunkOverThePageRangeKeepsOnlyThePageInside() throws {
        let text = "end of page one hundred twenty. start of page one hundred twenty-one."
        let pageBreak = text.unicodeScalars.count - "start of page one hundred twenty-one.".unicodeScalars.count
        let budget = ContextBudget(contextTokens: 8192, answerTokens: 1024, maximumPassages: 8)
        let hits = [Self.hit("/d/book.pdf", chunk: 40, pages: 120...121), Self.hit("/d/book.pdf", chunk: 39, pages: 119...120)]
        let contents: [ChunkContent?] = [ChunkContent(text: text, pageBreak: pageBreak), ChunkContent(text: "one. two.", pageBreak: 5)]
        let passages = try budget.passages(hits, texts: contents, question: "q", pages: 1...120)
        #expect(passages[0].text == "end of page one hundred twenty.")
        #expect(passages[0].pages == 120...120)
        #expect(passages[1].pages == 119...120)
        #expect(AskPrompt.block(passages[1]) == "[2] book.pdf, pages 119–120, section \"Intro\"\none. \n--- page 120 ---\ntwo.")

        let later = try budget.passages([hits[0]], texts: [contents[0]], question: "q", pages: 121...200)
        #expect(later[0].text == "start of page one hundred twenty-one.")
        #expect(later[0].pages == 121...121)
    }

    /// A sentence cut at a chunk's edge is sent whole: its start from the chunk before (which
    /// overlaps this one), its end from the chunk after; not a new sentence, a running head
    /// in capitals, or what lies on another page (the reader gives no neighbour then).
    @Test func aSentenceCutAtTheChunksEdge_isSentWhole() throws {
        let budget = ContextBudget(contextTokens: 8192, answerTokens: 1024, maximumPassages: 8)
        let previous = "The tool has two modes. By default the keeper writes each entry of the log to the second"
        let text = "keeper writes each entry of the log to the second volume, which is kept in the tower. The reader opens it on weekdays"
        let next = "kept in the tower. The reader opens it on weekdays only and never at night. Other rules follow."
        let chunk = ChunkContent(text: text, pageBreak: nil, firstPageLabel: nil, lastPageLabel: nil, previousText: previous, nextText: next)
        let passages = try budget.passages([Self.hit("/d/log.txt", chunk: 3, pages: 1...1, kind: .text)], texts: [chunk], question: "q", pages: nil)
        #expect(passages.first?.text == "By default the " + text + " only and never at night.")

        #expect(SentenceEdges.runOn(text: text, next: "kept in the tower. The reader opens it on weekdays Only this.") == nil, "a capital: a new sentence")
        #expect(SentenceEdges.runOn(text: text + ".", next: next) == nil, "a chunk that ends its sentence")
        #expect(SentenceEdges.leadIn(previous: "Nothing in common here at all.", text: text) == nil, "no overlap: a chunk of another part")
        #expect(SentenceEdges.leadIn(previous: previous, text: "Keeper " + text) == nil, "a chunk that opens a sentence")
        let longSentence = Self.words(50, "word") + " keeper writes each entry of the log to the second"
        #expect(SentenceEdges.leadIn(previous: longSentence, text: text) == nil, "more than \(SentenceEdges.longest) words: not a sentence")
    }

    /// A document's third and later passages go after other documents' that ranked a
    /// little lower; not after those that ranked far lower.
    @Test func severalDocuments_ratherThanManyPassagesOfOne_whenTheyRankClose() {
        let hits = (0..<4).map { Self.hit("/d/a.pdf", chunk: $0, pages: 1...1) } + [Self.hit("/d/b.pdf", chunk: 0, pages: 1...1)]
            + (0..<20).map { Self.hit("/d/a.pdf", chunk: 10 + $0, pages: 1...1) } + [Self.hit("/d/c.pdf", chunk: 0, pages: 1...1)]
        let order = ContextBudget.order(hits)
        #expect(Array(order.prefix(3)) == [0, 1, 4], "b's first passage before a's third")
        #expect(order.firstIndex(of: 2)! < order.firstIndex(of: 25)!, "c, 23 places lower, stays after a's third")
        #expect(order.sorted() == Array(hits.indices))
    }

    @Test func tokensAreEstimatedHighRatherThanLow() {
        #expect(TokenEstimate.tokens(in: "The quick brown fox jumps over the lazy dog.") == 10)
        #expect(TokenEstimate.tokens(in: "internationalisation") == 4)
        #expect(TokenEstimate.tokens(in: "2023-04-01") == 2 + 1 + 1 + 1 + 1)
        #expect(TokenEstimate.tokens(in: "東京都の天気") == 6)
        #expect(TokenEstimate.tokens(in: "") == 0)
    }
}
