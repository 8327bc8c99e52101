import Testing
import FolioWatch
import FolioTestSupport

@Suite struct CoalescerTests {
    @Test func singleEvent_isReadyAfterTheQuietTime() {
        var coalescer = Coalescer<String>(quiet: 300, maximumDelay: 5000)
        coalescer.note("a", at: 1000)
        #expect(coalescer.nextDeadline == 1300)
        #expect(coalescer.takeReady(at: 1299).isEmpty)
        #expect(coalescer.takeReady(at: 1300) == ["a"])
        #expect(coalescer.count == 0)
        #expect(coalescer.nextDeadline == nil)
    }

    @Test func burstOfEvents_onOnePath_givesOneIndexing() {
        var coalescer = Coalescer<String>(quiet: 300, maximumDelay: 60_000)
        var ready: [String] = []
        for event in 0..<1000 {
            let now = Int64(event * 5)
            coalescer.note("log.txt", at: now)
            ready += coalescer.takeReady(at: now)
        }
        #expect(ready.isEmpty, "never quiet while written")
        #expect(coalescer.takeReady(at: 4995 + 300) == ["log.txt"])
    }

    @Test func fileWrittenWithoutPause_isStillIndexedAtTheMaximumDelay() {
        var coalescer = Coalescer<String>(quiet: 300, maximumDelay: 2000)
        var readyAt: [Int64] = []
        for now in stride(from: Int64(0), to: 7000, by: 100) {
            coalescer.note("stream", at: now)
            if !coalescer.takeReady(at: now).isEmpty { readyAt.append(now) }
        }
        #expect(readyAt == [2000, 4100, 6200])
    }

    @Test func finishedWrite_needsOnlyTheSettleTime_unlessWritingGoesOn() {
        var coalescer = Coalescer<String>(quiet: 300, maximumDelay: 5000, settle: 30)
        coalescer.note("saved", at: 0)
        coalescer.note("saved", at: 10, finished: true)
        #expect(coalescer.takeReady(at: 39).isEmpty)
        #expect(coalescer.takeReady(at: 40) == ["saved"])
        coalescer.note("reopened", at: 100, finished: true)
        coalescer.note("reopened", at: 120)
        #expect(coalescer.takeReady(at: 200).isEmpty, "written again after the close: the full quiet time")
        #expect(coalescer.takeReady(at: 420) == ["reopened"])
    }

    @Test func paths_areDebouncedSeparately() {
        var coalescer = Coalescer<String>(quiet: 300, maximumDelay: 5000)
        coalescer.note("a", at: 0)
        coalescer.note("b", at: 200)
        coalescer.note("a", at: 250)
        #expect(coalescer.takeReady(at: 500) == ["b"])
        #expect(coalescer.takeReady(at: 550) == ["a"])
    }

    @Test func readyPaths_comeOldestFirst_andCancelForgets() {
        var coalescer = Coalescer<String>(quiet: 100, maximumDelay: 1000)
        coalescer.note("late", at: 50)
        coalescer.note("early", at: 10)
        coalescer.note("gone", at: 20)
        coalescer.cancel("gone")
        #expect(coalescer.takeReady(at: 500) == ["early", "late"])
    }

    /// Seeded random event streams: every path that had an event comes out exactly once
    /// after its last event, never before it was quiet or overdue.
    @Test(arguments: 0..<30)
    func randomStreams_releaseEveryPathOnceItIsQuietOrOverdue(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var coalescer = Coalescer<Int>(quiet: 300, maximumDelay: 3000)
        var last: [Int: Int64] = [:]
        var first: [Int: Int64] = [:]
        var now: Int64 = 0
        for _ in 0..<2000 {
            now += Int64(random.next() % 120)
            let path = Int(random.next() % 20)
            coalescer.note(path, at: now)
            if first[path] == nil { first[path] = now }
            last[path] = now
            for ready in coalescer.takeReady(at: now) {
                #expect(now - last[ready]! >= 300 || now - first[ready]! >= 3000, "seed \(seed)")
                first[ready] = nil
                last[ready] = nil
            }
        }
        let remaining = Set(last.keys)
        #expect(Set(coalescer.takeReady(at: now + 3000)) == remaining, "seed \(seed)")
    }
}
