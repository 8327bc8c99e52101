import Glibc
import Testing
import FolioSemantic

/// The embedder's decisions, driven by tables of inputs with the time given: no process,
/// no model, no sleeps.
@Suite struct EmbedderCoreTests {
    struct Row {
        var input: EmbedderCore.Input
        var actions: [EmbedderCore.Action]
        var paused: Bool
    }

    func run(_ core: inout EmbedderCore, _ rows: [Row]) {
        for (number, row) in rows.enumerated() {
            #expect(core.handle(row.input) == row.actions, "row \(number): \(row.input)")
            #expect(core.paused == row.paused, "row \(number): paused")
        }
    }

    @Test func foliodPausesAndResumesTheStage() {
        var core = EmbedderCore(paused: true, idleMilliseconds: 60_000, now: 0)
        run(&core, [
            Row(input: .tick(at: 1_000), actions: [], paused: true),
            Row(input: .signal(SIGUSR2, at: 2_000), actions: [.resumeStage], paused: false),
            Row(input: .signal(SIGUSR1, at: 3_000), actions: [.pauseStage], paused: true),
            Row(input: .signal(SIGUSR2, at: 4_000), actions: [.resumeStage], paused: false),
        ])
    }

    @Test func endsWhenIdleAndWorkPutsTheEndOff() {
        var core = EmbedderCore(paused: false, idleMilliseconds: 60_000, now: 0)
        #expect(core.deadline == 60_000)
        run(&core, [
            Row(input: .worked(at: 30_000), actions: [], paused: false),
            Row(input: .tick(at: 60_000), actions: [], paused: false),
            Row(input: .tick(at: 89_999), actions: [], paused: false),
            Row(input: .tick(at: 90_000), actions: [.finish], paused: false),
        ])
    }

    @Test func resumingCountsAsWork() {
        var core = EmbedderCore(paused: true, idleMilliseconds: 60_000, now: 0)
        _ = core.handle(.signal(SIGUSR2, at: 50_000))
        #expect(core.deadline == 110_000)
        #expect(core.handle(.tick(at: 109_999)) == [])
    }

    @Test func stoppingIsAtOnceAndTheParentsEndFinishesTheBatch() {
        var core = EmbedderCore(paused: false, idleMilliseconds: 60_000, now: 0)
        #expect(core.handle(.signal(SIGTERM, at: 1)) == [.exitNow])
        #expect(core.handle(.signal(SIGINT, at: 1)) == [.exitNow])
        #expect(core.handle(.parentGone) == [.finish])
    }
}
