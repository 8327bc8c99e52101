import Foundation
import Testing

/// Polls `condition` until it holds. The daemon runs at nice 10, below these tests and
/// the commands they run to check, so on a busy two-core machine it may get a small
/// share of the CPU: the pauses grow (to `longestPause`), so that checking does not take
/// the time the daemon needs, and the deadline is far, there only to end a test whose
/// daemon never gets there. A condition that watches for something brief (a file being
/// read) keeps the pauses short.
func waitUntil(_ what: String, longestPause: Double = 0.5, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(180)
    var pause = 0.05
    while Date() < deadline {
        if try condition() { return }
        Thread.sleep(forTimeInterval: pause)
        pause = min(pause * 2, longestPause)
    }
    Issue.record("timed out waiting until \(what)")
}
