internal import FolioCore
internal import Glibc

/// The embedder process's decisions, without I/O (`foliod-worker --embedder`): signals, its
/// parent's end, queries and the background stage's work in, what to do out, the time
/// (monotonic milliseconds) passed in. Its loop (`EmbedderService`, on `EventLoop`) carries
/// the actions out; `EmbedderCoreTests` drives it by tables.
public struct EmbedderCore: Sendable, Equatable {
    public enum Input: Sendable, Equatable {
        /// SIGTERM or SIGINT: foliod is stopping, or the user. SIGUSR1: foliod indexes, the
        /// background stage waits. SIGUSR2: foliod is done, which counts as activity.
        case signal(Int32, at: Int64)
        /// The pipe from foliod (standard input) closed: foliod ended.
        case parentGone
        /// A query was answered, or the background stage embedded windows: the idle time
        /// counts from `at`.
        case worked(at: Int64)
        case tick(at: Int64)
    }

    public enum Action: Sendable, Equatable {
        case pauseStage
        /// The stage goes on at once, without waiting for its next look.
        case resumeStage
        /// The process ends once the stage's batch in hand is finished.
        case finish
        /// The process ends now, the batch in hand dropped, as after kill -9 (its transaction
        /// never commits; its windows are embedded next time): foliod waits for this process
        /// as it stops, and a batch at idle priority on a busy machine took longer than
        /// foliod's stop may (the reliability suite's `bad` part).
        case exitNow
    }

    public private(set) var paused: Bool
    private var idle: IdleCore

    /// `paused`: started by foliod while it indexes. `idleMilliseconds`: the end after
    /// neither a query nor windows embedded.
    public init(paused: Bool, idleMilliseconds: Int64, now: Int64) {
        self.paused = paused
        idle = IdleCore(restMilliseconds: nil, endMilliseconds: idleMilliseconds, now: now)
    }

    public mutating func handle(_ input: Input) -> [Action] {
        switch input {
        case .signal(SIGUSR1, _):
            paused = true
            return [.pauseStage]
        case .signal(SIGUSR2, let at):
            paused = false
            idle.activity(now: at)
            return [.resumeStage]
        case .signal:
            return [.exitNow]
        case .parentGone:
            return [.finish]
        case let .worked(at):
            idle.activity(now: at)
            return []
        case let .tick(at):
            return idle.tick(now: at).contains(.end) ? [.finish] : []
        }
    }

    /// When the embedder ends if nothing happens meanwhile.
    public var deadline: Int64? { idle.deadline }
}
