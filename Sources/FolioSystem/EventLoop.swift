public import Glibc

/// The one loop of every long-lived process (foliod, the embedder, `folio ui`'s and `folio
/// mcp`'s timers): waits in `poll(2)` for the descriptors its owner reads, the signals it
/// handles (through a pipe: `SignalPipe`) and the next deadline its pure core gives, then
/// says what is ready. The decisions stay in the core (`DaemonCore`, `EmbedderCore`,
/// `IdleCore`); the owner feeds it what `wait` returns and carries its actions out.
public struct EventLoop {
    /// What woke the loop.
    public struct Wake {
        /// The descriptors with something to read (or closed), of those waited for.
        public var readable: Set<Int32>
        /// The signals that came, in order.
        public var signals: [Int32]
        /// The entries as `poll` returned them, for a caller that asked for other events.
        public var entries: [pollfd]
        /// Monotonic milliseconds when the loop woke.
        public var now: Int64
    }

    private let signalPipe: Int32?

    /// Installs the handlers of `signals` (none: no signal is handled here).
    public init(signals: [Int32] = []) {
        signalPipe = signals.isEmpty ? nil : SignalPipe.install(signals)
    }

    /// Waits until one of `descriptors` can be read, a signal comes or `deadline` (monotonic
    /// milliseconds; `nil`: none) passes, but no longer than `atMost` milliseconds. `extra`
    /// entries are polled as given (a mount table's POLLPRI).
    public func wait(reading descriptors: [Int32], extra: [pollfd] = [], deadline: Int64?, atMost longest: Int64 = 1000) -> Wake {
        let start = MonotonicClock.milliseconds()
        let timeout = max(0, min(longest, deadline.map { $0 - start } ?? longest))
        var entries = (descriptors + (signalPipe.map { [$0] } ?? [])).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) } + extra
        _ = poll(&entries, nfds_t(entries.count), Int32(timeout))
        var readable = Set(entries.filter { $0.revents != 0 && $0.events == Int16(POLLIN) }.map(\.fd))
        var signals: [Int32] = []
        if let signalPipe, readable.remove(signalPipe) != nil { signals = SignalPipe.drain(signalPipe) }
        return Wake(readable: readable, signals: signals, entries: entries, now: MonotonicClock.milliseconds())
    }

    /// Waits until `deadline` or a signal, with nothing to read.
    public func sleep(until deadline: Int64) -> Wake {
        wait(reading: [], deadline: deadline, atMost: max(0, deadline - MonotonicClock.milliseconds()))
    }

    /// The timer of a server whose requests come on threads of its own (`folio ui`, `folio
    /// mcp`): on a thread of its own, forever, sleeps until `deadline()` (or `otherwise`
    /// milliseconds when it gives none) and calls `tick` with the time.
    public static func timer(deadline: @escaping @Sendable () -> Int64?, otherwise: Int64, tick: @escaping @Sendable (Int64) -> Void) {
        BackgroundThread.detach {
            let loop = EventLoop()
            while true {
                tick(loop.sleep(until: deadline() ?? MonotonicClock.milliseconds() + otherwise).now)
            }
        }
    }
}
