import Testing
import Foundation
import FolioCore
import FolioStore
import FolioTestSupport
@testable import FolioDaemon

/// The engine's walk gives the loop back while it goes on: a walk of files known by their
/// names alone never fills the queue, and foliod must answer `folioctl status`, signals
/// and inotify meanwhile. On real files and a real database.
@Suite struct IndexEngineWalkTests {
    @Test func aLongWalk_isFedABudgetAtATime_andEndsWithEveryName() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-engine-\(UUID().uuidString)").path
        let count = IndexEngine.itemsBetweenClockReadings * 4
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        for number in 0..<count { try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/docs/photo-\(number).xcf")) }
        let store = try IndexStore(path: root + "/folio.sqlite")
        var configuration = FolioConfiguration.default
        configuration.folders = [root + "/docs"]
        let engine = try IndexEngine(store: store, home: "/", workerArguments: [BuiltProducts.directory + "/foliod-worker"], watches: nil,
                                     configuration: configuration, mounts: nil)
        defer { engine.stop() }
        engine.advanceWalks(forAtMost: 0)
        #expect(engine.core.currentWalk != nil, "the budget spent, the walk waits for the loop's next turn")
        #expect(try store.counts().documents < count)
        var turns = 1
        while engine.core.currentWalk != nil {
            engine.advanceWalks(forAtMost: 0)
            turns += 1
        }
        #expect(turns >= 4)
        #expect(try store.counts().documents == count)
    }
}
