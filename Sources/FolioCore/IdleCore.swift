/// When a server at rest lets go of what it holds, and when it ends: the decision of `folio
/// ui`, `folio mcp` and the embedder, without I/O (the time, monotonic milliseconds, passed
/// in), driven by `EventLoop` and tested by tables (`IdleCoreTests`).
///
/// Rest comes `restMilliseconds` after the last activity with nothing in flight, once
/// until the next activity (the index closed, memory handed back); the end comes
/// `endMilliseconds` after it (`nil`: the server ends some other way, as `folio mcp` does
/// when its client closes standard input).
public struct IdleCore: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// Let go of what is held until the next request.
        case rest
        /// End the process.
        case end
    }

    public let restMilliseconds: Int64?
    public let endMilliseconds: Int64?
    public private(set) var lastActivity: Int64
    /// Requests or answers in flight: neither rest nor the end comes while one is.
    public private(set) var inFlight = 0
    private var rested = false

    public init(restMilliseconds: Int64?, endMilliseconds: Int64?, now: Int64) {
        self.restMilliseconds = restMilliseconds
        self.endMilliseconds = endMilliseconds
        lastActivity = now
    }

    /// A request came, or an answer ended: the idle time counts from now.
    public mutating func activity(now: Int64) {
        lastActivity = max(lastActivity, now)
        rested = false
    }

    /// An answer began (`+1`) or ended (`-1`); its end is activity.
    public mutating func answering(_ change: Int, now: Int64) {
        inFlight = max(0, inFlight + change)
        activity(now: now)
    }

    /// What is due at `now`.
    public mutating func tick(now: Int64) -> [Action] {
        guard inFlight == 0 else { return [] }
        let idle = now - lastActivity
        if let endMilliseconds, idle >= endMilliseconds { return [.end] }
        if let restMilliseconds, !rested, idle >= restMilliseconds {
            rested = true
            return [.rest]
        }
        return []
    }

    /// When the next action may be due (`nil`: none until the next activity, or while an
    /// answer is written: its end is activity).
    public var deadline: Int64? {
        guard inFlight == 0 else { return nil }
        let rest = rested ? nil : restMilliseconds.map { lastActivity + $0 }
        let end = endMilliseconds.map { lastActivity + $0 }
        return [rest, end].compactMap { $0 }.min()
    }
}
