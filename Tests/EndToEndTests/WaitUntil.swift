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

/// Polls `check` until it says done, for as long as its count keeps moving: it fails only
/// when the count has stood still for `stall` seconds. For work done at idle priority
/// (the embedder at nice 19), or a worker's while it reads a large file, which a busy
/// machine slows without stopping. `pause`: between two checks.
func waitWhileProgressing(_ what: String, stall: Double = 180, pause: Double = 0.3,
                          _ check: () throws -> (done: Bool, count: Int)) throws {
    var last = Int.min
    var movedAt = Date()
    while true {
        let (done, count) = try check()
        if done { return }
        if count != last {
            last = count
            movedAt = Date()
        } else if Date().timeIntervalSince(movedAt) > stall {
            Issue.record("timed out waiting until \(what): no progress for \(Int(stall)) s (at \(count))")
            return
        }
        Thread.sleep(forTimeInterval: pause)
    }
}
