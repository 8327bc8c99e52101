internal import FolioSystem
internal import Glibc

/// Keeps the embedder process (`foliod-worker --embedder`) going while there may be
/// semantic work, and out of the way while foliod indexes: text is searchable first, and
/// the model never runs beside OCR. Signals say which: SIGUSR1 pauses its background
/// stage after the batch in hand, SIGUSR2 resumes it (its queries are answered either way).
///
/// Its standard input is a pipe foliod holds: when foliod ends, however it ends, the pipe
/// closes and the embedder ends with it, as the workers do.
///
/// It is started whenever indexing settles, ends by itself after `idle_minutes` with
/// nothing to do, and one that fails at once (no model installed) is not started again
/// for ten minutes: `lastExit` says why. One killed by a signal (a crash, an OOM kill) is
/// started again at once: its work is in the database, and it goes on from there.
final class EmbedderSupervisor {
    private let arguments: [String]
    private(set) var pid: pid_t?
    /// foliod's ends of the embedder's standard input and output.
    private var pipes: (input: Int32, output: Int32)?
    private var started: Int64 = 0
    private var settled = false
    private var retryAfter: Int64 = 0
    private var restart = false
    /// How the last embedder ended, when it failed.
    private(set) var lastExit: String?

    /// `arguments`: the worker program and its common arguments (`--embedder` is added).
    init(arguments: [String]) {
        self.arguments = arguments + ["--embedder"]
    }

    /// Called each turn of the loop with whether the core has nothing to index; says
    /// whether the embedder was started or resumed (its model's memory is about to grow).
    func update(settled now: Bool, at time: Int64) -> Bool {
        reap(at: time)
        defer { settled = now }
        if let pid {
            if now != settled { kill(pid, now ? SIGUSR2 : SIGUSR1) }
            return now && !settled
        }
        // A start when indexing has just settled (new chunks), at the daemon's start, or
        // after a crash.
        guard now, !settled || started == 0 || restart, time >= retryAfter else { return false }
        return spawn(paused: false, at: time)
    }

    /// Starts the embedder now, if it is not running, because a search asked for a query's
    /// meaning and found no embedder to give it; its background stage starts paused when
    /// foliod is indexing. `nil` when it runs or was started, else why it cannot be.
    func startOnRequest(at time: Int64) -> String? {
        reap(at: time)
        guard pid == nil else { return nil }
        guard time >= retryAfter else {
            return "foliod's embedder \(lastExit ?? "failed at its start"); foliod starts it again within ten minutes (folioctl status)"
        }
        return spawn(paused: !settled, at: time) ? nil : lastExit
    }

    private func spawn(paused: Bool, at time: Int64) -> Bool {
        do {
            // Started paused, rather than signalled at once: a SIGUSR1 that came before the
            // embedder set its handlers would end it.
            let child = try ChildProcess.spawnWithPipes(arguments + (paused ? ["--paused"] : []))
            pid = child.pid
            pipes = (child.input, child.output)
            started = time
            restart = false
            return true
        } catch {
            lastExit = "could not start: \(error)"
            retryAfter = time + 600_000
            return false
        }
    }

    /// Notices an embedder that ended.
    private func reap(at time: Int64) {
        guard let running = pid else { return }
        var status: Int32 = 0
        guard waitpid(running, &status, WNOHANG) == running else { return }
        pid = nil
        closePipes()
        guard status != 0 else { return }
        lastExit = ChildProcess.describe(exitStatus: status)
        // WIFSIGNALED: killed, not failed.
        if status & 0x7F != 0 {
            restart = true
        } else if time - started < 60_000 {
            retryAfter = time + 600_000
        }
    }

    /// Ends the embedder and waits for it.
    func stop() {
        guard let running = pid else { return }
        kill(running, SIGTERM)
        _ = try? ChildProcess.wait(running, program: "foliod-worker --embedder")
        pid = nil
        closePipes()
    }

    private func closePipes() {
        guard let open = pipes else { return }
        close(open.input)
        close(open.output)
        pipes = nil
    }
}
