internal import FolioCore
import FolioSemantic
import FolioStore
import Testing

@Suite struct SemanticPaceTests {
    /// A batch of `windows` at `characters` each, the model taking `milliseconds` for each.
    static func batch(_ parts: [(windows: Int, characters: Int, milliseconds: Double)]) -> SemanticStage.Batch {
        var batch = SemanticStage.Batch()
        for part in parts {
            batch.lengths.add(part.windows, characters: part.characters)
            batch.modelMilliseconds[WindowsByLength.step(characters: part.characters)] += Double(part.windows) * part.milliseconds
        }
        return batch
    }

    static func windows(_ parts: [(count: Int, characters: Int)]) -> WindowsByLength {
        var lengths = WindowsByLength()
        for part in parts { lengths.add(part.count, characters: part.characters) }
        return lengths
    }

    /// Short openings first, then long windows: each length is priced at what it took, so
    /// the openings' speed does not make the rest look fast (a rate in windows would say
    /// 1,000 long windows take 100 × 10 ms, not 1,000 × 50 ms).
    @Test func pricesEachLengthAtWhatItTook() {
        var pace = SemanticPace()
        pace.record(Self.batch([(30, 150, 10), (2, 1_050, 50)]), wallMilliseconds: 400, at: 1_000)
        // The batch's 400 ms of model time took 400 ms in all: 1,000 × 50 ms + 100 × 10 ms.
        #expect(pace.secondsLeft(Self.windows([(1_000, 1_050), (100, 150)])) == 51)
        #expect(pace.secondsLeft(WindowsByLength()) == 0)
    }

    /// The time around the model (the database) and a machine that got busy scale the
    /// price by how the last minute's batches took against it.
    @Test func followsTheLastMinutesPace() {
        var pace = SemanticPace(spanMilliseconds: 60_000)
        pace.record(Self.batch([(10, 1_050, 50)]), wallMilliseconds: 600, at: 1_000)
        let left = Self.windows([(1_000, 1_050)])
        #expect(pace.secondsLeft(left) == 60)
        // The model itself now takes twice as long, and the database as much again.
        pace.record(Self.batch([(10, 1_050, 100)]), wallMilliseconds: 2_000, at: 30_000)
        #expect(pace.secondsLeft(left) == 130)  // 1,000 × 75 ms (measured over both) × 2,600 / 1,500
        pace.record(Self.batch([(10, 1_050, 100)]), wallMilliseconds: 2_000, at: 90_000)
        // The first batch is out of the last minute: 83.3 ms × 4,000 / 1,666.7.
        #expect(pace.secondsLeft(left) == 200)
    }

    /// A length not measured yet: on the line between its measured neighbours, else in
    /// proportion to length from the nearest, up to the model's 256 tokens.
    @Test func pricesUnmeasuredLengthsFromTheirNeighbours() {
        var pace = SemanticPace()
        pace.record(Self.batch([(1, 150, 10), (1, 550, 50)]), wallMilliseconds: 60, at: 1_000)
        #expect(pace.secondsLeft(Self.windows([(100, 350)])) == 3)  // 30 ms each, between 10 and 50
        #expect(pace.secondsLeft(Self.windows([(100, 1_050)])) == 10)  // 50 × 1,050 / 550 = 95.5 ms each
        #expect(pace.secondsLeft(Self.windows([(100, 1_550)])) == 10)  // no dearer than 1,050 characters
        #expect(pace.secondsLeft(Self.windows([(100, 50)])) == 1)  // 10 × 50 / 150 = 3.3 ms each
    }

    /// The first batch cuts every chunk's windows, and one after a pause has no batch just
    /// before it: their model's times price the lengths, their wall time is not the pace.
    @Test func unknownUntilTwoBatchesInARow() {
        var pace = SemanticPace()
        let left = Self.windows([(100, 550)])
        #expect(pace.secondsLeft(left) == nil)
        pace.record(SemanticStage.Batch(), wallMilliseconds: 5, at: 1_000)
        #expect(pace.secondsLeft(left) == nil)
        pace.record(Self.batch([(10, 550, 50)]), wallMilliseconds: nil, at: 9_000)
        #expect(pace.secondsLeft(left) == nil)
        pace.record(Self.batch([(10, 550, 30)]), wallMilliseconds: 400, at: 9_400)
        #expect(pace.secondsLeft(left) == 4)  // 100 × 40 ms × 400 / 400
    }

    @Test func windowsByLength_stepsOfAHundredCharacters() {
        #expect(WindowsByLength.step(characters: 0) == 0 && WindowsByLength.step(characters: 99) == 0)
        #expect(WindowsByLength.step(characters: 100) == 1 && WindowsByLength.step(characters: 1_499) == 14)
        #expect(WindowsByLength.step(characters: 1_500) == 15 && WindowsByLength.step(characters: 90_000) == 15)
        var left = Self.windows([(3, 120), (2, 2_000)])
        left.subtract(Self.windows([(1, 150), (5, 1_600), (4, 700)]))
        #expect(left == WindowsByLength(counts: [0, 2]) && left.total == 2)
    }
}
