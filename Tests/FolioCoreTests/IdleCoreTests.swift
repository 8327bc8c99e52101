import Testing
import FolioCore

/// The rest and end of `folio ui`, `folio mcp` and the embedder, the time given.
@Suite struct IdleCoreTests {
    @Test func restsOnceThenEnds() {
        var idle = IdleCore(restMilliseconds: 10_000, endMilliseconds: 60_000, now: 0)
        #expect(idle.deadline == 10_000)
        #expect(idle.tick(now: 9_999) == [])
        #expect(idle.tick(now: 10_000) == [.rest])
        #expect(idle.tick(now: 20_000) == [])
        #expect(idle.deadline == 60_000)
        #expect(idle.tick(now: 60_000) == [.end])
    }

    @Test func activityPutsBothOffAndRestComesAgain() {
        var idle = IdleCore(restMilliseconds: 10_000, endMilliseconds: 60_000, now: 0)
        #expect(idle.tick(now: 10_000) == [.rest])
        idle.activity(now: 50_000)
        #expect(idle.tick(now: 60_000) == [.rest])
        #expect(idle.tick(now: 109_999) == [])
        #expect(idle.tick(now: 110_000) == [.end])
    }

    @Test func nothingWhileAnAnswerIsWrittenAndItsEndIsActivity() {
        var idle = IdleCore(restMilliseconds: 10_000, endMilliseconds: 60_000, now: 0)
        idle.answering(+1, now: 1_000)
        #expect(idle.deadline == nil, "no deadline to wake for while the answer is written")
        #expect(idle.tick(now: 100_000) == [])
        idle.answering(-1, now: 100_000)
        #expect(idle.tick(now: 109_999) == [])
        #expect(idle.tick(now: 110_000) == [.rest])
    }

    @Test func withoutAnEndOnlyRests() {
        var idle = IdleCore(restMilliseconds: 10_000, endMilliseconds: nil, now: 0)
        #expect(idle.tick(now: 1_000_000) == [.rest])
        #expect(idle.deadline == nil)
        #expect(idle.tick(now: 2_000_000) == [])
    }
}
