internal import FolioCore
internal import FolioProtocol

extension DaemonCore {
    /// What became of a file a worker had.
    mutating func handle(_ event: WorkerPool.Event, now: Int64) -> [DaemonAction] {
        switch event {
        case let .finished(path, size, .finished(outcome)):
            return finished(path, size: size, outcome, now: now)
        case .finished:
            // `extract` answers: the core's pool indexes.
            return []
        case let .lost(path, reason):
            // Recorded as failed, so it is not tried again until it changes.
            let message = "\(path): \(reason); it is tried again when it changes"
            lastError = message
            return [.report(.lost(path: path, reason: reason)), .change(.recordFailure(path, signature: nil, reason: message))]
        case let .startFailed(reason):
            return record(reason)
        }
    }

    private mutating func finished(_ path: String, size: Int64, _ outcome: WorkerOutcome, now: Int64) -> [DaemonAction] {
        switch outcome {
        case let .refused(refusal) where refusal.reason == .diskFull:
            // Nothing was written: the file waits at the front of the queue.
            pool.addRecent(path, size: size)
            return waitForSpace(refusal.message, now: now)
        case let .refused(refusal) where refusal.reason == .busy:
            // Another process held the database too long: the file is read again.
            pool.addRecent(path, size: size)
            lastError = refusal.message
            return []
        default:
            break
        }
        spaceRetryMilliseconds = Self.firstSpaceRetryMilliseconds
        indexedSinceStart += 1
        completions.append(now)
        completions.removeAll { now - $0 > 60_000 }
        if case let .refused(refusal) = outcome { lastError = refusal.message }
        var actions: [DaemonAction] = [.report(.finished(path: path, outcome))]
        switch outcome {
        case let .partial(_, _, reason): actions.append(.log(.notice, "partly indexed: \(reason)", path: path))
        case let .failed(reason): actions.append(.log(.notice, "failed: \(reason)", path: path))
        case .gone: actions.append(.log(.notice, "renamed or deleted while it was read", path: path))
        default: break
        }
        // A worker that found the file gone purged it itself.
        return outcome == .gone ? actions : actions + [.examine(path, .afterReading)]
    }
}
