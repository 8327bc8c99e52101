/// Debounces file events per path: a path is ready once it has been quiet for `quiet`,
/// or once `maximumDelay` has passed since its first event, so a file written without
/// pause (a log, a download) is still indexed now and then. An event that says the writer
/// is done (the file was closed after writing, or renamed into place) needs only `settle`
/// of quiet: saving a file should not cost the whole quiet time, while a writer that
/// reopens the file at once still gets coalesced.
///
/// A pure state machine: events and the current time go in, ready paths come out. The
/// caller owns the clock and the sleeping (`nextDeadline`), so tests need no real time.
public struct Coalescer<Key: Hashable & Sendable>: Sendable {
    /// Times in milliseconds on any monotonic clock.
    public typealias Milliseconds = Int64

    private struct Pending: Sendable {
        var first: Milliseconds
        var quietUntil: Milliseconds
    }

    public let quiet: Milliseconds
    public let settle: Milliseconds
    public let maximumDelay: Milliseconds
    private var pending: [Key: Pending] = [:]

    public init(quiet: Milliseconds, maximumDelay: Milliseconds, settle: Milliseconds = 30) {
        precondition(quiet >= 0 && maximumDelay >= quiet, "the maximum delay cannot be shorter than the quiet time")
        self.quiet = quiet
        self.settle = min(settle, quiet)
        self.maximumDelay = maximumDelay
    }

    /// Paths waiting for their quiet time.
    public var count: Int { pending.count }

    /// Records an event on `key` at `now`; `finished` when it says the writer is done.
    public mutating func note(_ key: Key, at now: Milliseconds, finished: Bool = false) {
        let quietUntil = now + (finished ? settle : quiet)
        if var entry = pending[key] {
            entry.quietUntil = quietUntil
            pending[key] = entry
        } else {
            pending[key] = Pending(first: now, quietUntil: quietUntil)
        }
    }

    /// Forgets `key` (it was handled some other way, a rename say).
    public mutating func cancel(_ key: Key) {
        pending[key] = nil
    }

    /// The keys ready at `now`, oldest first event first; they are forgotten.
    public mutating func takeReady(at now: Milliseconds) -> [Key] {
        let ready = pending.filter { now >= $0.value.quietUntil || now - $0.value.first >= maximumDelay }
            .sorted { $0.value.first < $1.value.first }
        for (key, _) in ready { pending[key] = nil }
        return ready.map(\.key)
    }

    /// When the next key becomes ready, or `nil` with nothing pending: how long the caller
    /// may sleep.
    public var nextDeadline: Milliseconds? {
        pending.values.map { min($0.quietUntil, $0.first + maximumDelay) }.min()
    }
}
