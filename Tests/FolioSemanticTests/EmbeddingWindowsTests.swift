internal import FolioProtocol
import FolioSemantic
import Testing

@Suite struct EmbeddingWindowsTests {
    @Test func aChunk_isCutIntoEqualWindowsWithinTheLimit() {
        let words = (1...500).map { "w\($0)" }
        let windows = EmbeddingWindows.texts(title: "Manual", section: "Brakes", text: words.joined(separator: " "))
        #expect(windows.count == 3)
        #expect(windows.allSatisfy { $0.hasPrefix("Manual — Brakes\n") })
        let bodies = windows.map { $0.split(separator: "\n", maxSplits: 1)[1].split(separator: " ") }
        #expect(bodies.map(\.count) == [167, 167, 166])
        #expect(bodies.joined().map(String.init) == words)
    }

    @Test func aHeadingTheTextStartsWith_isNotRepeated() {
        #expect(EmbeddingWindows.texts(title: "Brake pads", section: nil, text: "Brake pads\nwear out") == ["Brake pads wear out"])
        #expect(EmbeddingWindows.texts(title: nil, section: " ", text: "") == [""])
    }

    @Test func theKey_dependsOnTheTextOnly() {
        #expect(EmbeddingWindows.key("same text") == EmbeddingWindows.key("same text"))
        #expect(EmbeddingWindows.key("same text") != EmbeddingWindows.key("same text."))
    }
}

@Suite struct SemanticProgressTests {
    @Test func line_saysCoverageRateAndTimeLeft() {
        let progress = SemanticProgress(coverage: .init(windows: 30_112, embedded: 12_345, chunksWithoutWindows: 0), rate: 22,
                                        secondsLeft: 2_400)
        #expect(progress.line == "semantic: 40%, 12,345 of 30,112 windows, 22/s, 40 min left")
        let documents = SemanticProgress(coverage: .init(windows: 30_112, embedded: 12_345, chunksWithoutWindows: 0, documents: 1_073,
                                                         documentsWithMeaning: 812), rate: 22, secondsLeft: 2_400)
        #expect(documents.line == "semantic: 40%, 12,345 of 30,112 windows, 22/s, 40 min left; 812 of 1,073 documents found by meaning")
        #expect(SemanticProgress(coverage: .init(windows: 30_112, embedded: 12_345, chunksWithoutWindows: 0), rate: nil).line
            == "semantic: 40%, 12,345 of 30,112 windows")
        #expect(SemanticProgress(coverage: .init(windows: 3, embedded: 3, chunksWithoutWindows: 0), rate: nil).line == "semantic: complete, 3 windows")
    }

    @Test func timeLeft_roundsToWholeMinutesBeforeHours() {
        func left(_ seconds: Int) -> String {
            let progress = SemanticProgress(coverage: .init(windows: 10, embedded: 5, chunksWithoutWindows: 0), rate: 1, secondsLeft: seconds)
            return String(progress.line.split(separator: ", ")[3])
        }
        #expect(left(59) == "59 s left")
        #expect(left(61) == "2 min left")
        #expect(left(3_599) == "1 h 0 min left")
        #expect(left(7_190) == "2 h 0 min left")
        #expect(left(7_261) == "2 h 2 min left")
    }

    @Test func rateMeter_averagesOverItsSpan() {
        var meter = RateMeter(spanMilliseconds: 10_000)
        meter.record(0, at: 0)
        #expect(meter.rate(at: 0) == nil)
        meter.record(20, at: 1000)
        meter.record(20, at: 2000)
        #expect(meter.rate(at: 2000) == 20)
        meter.record(0, at: 30_000)
        #expect(meter.rate(at: 30_000) == nil)
    }
}
