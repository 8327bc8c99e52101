internal import FolioCLI
internal import FolioCore
internal import FolioDaemon
internal import Synchronization
internal import Glibc

/// The one-line progress display of `folioctl index` on a terminal, redrawn at most ten
/// times a second.
final class ProgressLine: Sendable {
    private let enabled: Bool
    private let lastDraw = Mutex<timespec>(timespec())

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ progress: IndexPass.Progress) {
        show(text: "[\(progress.done)/\(progress.total)] \(AbsolutePath.lastComponent(progress.path))", final: progress.done == progress.total)
    }

    /// Draws `text` unless the last drawing was under 0.1 s ago (and it is not `final`);
    /// makes it only then (a walk reports every file).
    func show(text: @autoclosure () -> String, final: Bool) {
        guard enabled else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let due = lastDraw.withLock { last in
            let elapsed = Double(now.tv_sec - last.tv_sec) + Double(now.tv_nsec - last.tv_nsec) / 1e9
            guard elapsed >= 0.1 || final else { return false }
            last = now
            return true
        }
        guard due else { return }
        Output.error("\r\u{1B}[K" + String(text().prefix(100)))
    }

    func clear() {
        if enabled { Output.error("\r\u{1B}[K") }
    }
}
