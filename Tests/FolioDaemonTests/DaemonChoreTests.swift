import Testing
import FolioCore
@testable import FolioDaemon

/// foliod's timed chores as the core decides them, the time given: no loop, no sleeps.
@Suite struct DaemonChoreTests {
    func settledCore() -> DaemonCore {
        var core = DaemonCore(home: "/home/u")
        var configuration = FolioConfiguration.default
        configuration.folders = ["/d"]
        for action in core.handle(.configure(configuration), now: 0) {
            if case let .walk(id, _) = action { _ = core.handle(.walkEnded(id), now: 0) }
        }
        return core
    }

    @Test func eachChoreIsDueAtOnceThenAtItsPeriod() {
        var core = settledCore()
        #expect(core.dueChores(now: 1_000) == [.notifyStatus, .lookForDamage, .tendSearchTables])
        _ = core.handle(.searchTablesTended(pending: false), now: 1_000)
        #expect(core.dueChores(now: 1_500) == [])
        #expect(core.choresDeadline(now: 1_500) == 2_000)
        #expect(core.dueChores(now: 2_000) == [.notifyStatus, .lookForDamage])
        #expect(core.dueChores(now: 10_999) == [.notifyStatus, .lookForDamage])
        #expect(core.dueChores(now: 11_000) == [.tendSearchTables])
    }

    @Test func upkeepWithWorkLeftGoesOnAtEveryTurn() {
        var core = settledCore()
        _ = core.dueChores(now: 1_000)
        _ = core.handle(.searchTablesTended(pending: true), now: 1_000)
        #expect(core.choresDeadline(now: 1_001) == 1_001)
        #expect(core.dueChores(now: 1_001) == [.tendSearchTables])
    }

    @Test func upkeepWaitsWhilePausedOrBusy() {
        var core = settledCore()
        _ = core.handle(.pause, now: 1_000)
        #expect(core.dueChores(now: 1_000) == [.notifyStatus, .lookForDamage])
        #expect(core.choresDeadline(now: 1_000) == 2_000)
        _ = core.handle(.resume, now: 1_500)
        _ = core.handle(.file(FileEvent(.changed(finished: true), path: "/d/a.txt")), now: 1_500)
        #expect(!core.dueChores(now: 2_000).contains(.tendSearchTables))
    }

    @Test func aChangeInTheIndexFolderMakesTheLookForDamageDueAtOnce() {
        var core = settledCore()
        _ = core.dueChores(now: 1_000)
        _ = core.handle(.searchTablesTended(pending: false), now: 1_000)
        _ = core.handle(.indexFolderChanged, now: 1_200)
        #expect(core.choresDeadline(now: 1_200) == 1_200)
        #expect(core.dueChores(now: 1_200) == [.lookForDamage])
    }

    @Test func theWaitForSpaceEndsWithAMebibyteMoreOrAfterAMinute() {
        let wait = SpaceWait(freeBytes: 10_000, at: 5_000)
        #expect(!wait.isOver(freeBytes: 10_000 + (1 << 20), now: 6_000))
        #expect(wait.isOver(freeBytes: 10_001 + (1 << 20), now: 6_000))
        #expect(!wait.isOver(freeBytes: 0, now: 64_999))
        #expect(wait.isOver(freeBytes: 0, now: 65_000))
        #expect(wait.deadline == 65_000)
    }
}
