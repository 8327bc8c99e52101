internal import FolioCore
internal import FolioProtocol

extension DaemonCore {
    /// One of the daemon's own changes to the index (a purge, a rename). If the database
    /// refuses it (`refused`), for want of space or because another process holds it, its
    /// path is looked at again later (`resync`), which makes the change whatever it was.
    /// While the database is known to be held, a change is not tried at all: each try would
    /// keep the loop, and `folioctl status`, waiting for the busy timeout.
    ///
    /// A purge of a path on an offline volume is not made: the file is not gone, its file
    /// system is not mounted (a file's events that settle after an unmount, a resync).
    mutating func changeIndex(_ change: IndexChange) -> [DaemonAction] {
        if case let .purge(path, _) = change, offlineVolume(holding: path) != nil { return [] }
        guard resyncAt == nil else {
            unsynced.formUnion(change.paths)
            return []
        }
        return [.change(change)]
    }

    /// The database refused a change: it is made again later, in whatever form the disk
    /// then asks for. A refused failure record is not: the next walk or change records it.
    /// Nor is a volume's record: the core's own stands, and they are all written again with
    /// the next mount table (`reconcileVolumes`).
    mutating func refused(_ change: IndexChange, _ refusal: StoreRefusal, now: Int64) -> [DaemonAction] {
        switch change {
        case .recordVolume, .forgetVolume:
            volumesUnsaved = true
            return record(refusal.message)
        default:
            break
        }
        let isRecord = if case .recordFailure = change { true } else { false }
        switch refusal.reason {
        case .busy:
            if !isRecord {
                unsynced.formUnion(change.paths)
                resyncAt = resyncAt ?? now + Self.resyncMilliseconds
            }
        case .diskFull:
            if !isRecord { unsynced.formUnion(change.paths) }
            return waitForSpace(refusal.message, now: now)
        case .failed:
            break
        }
        return record(refusal.message)
    }

    /// Brings the index in line with the disk at each path a refused change was about: a
    /// folder is walked and reconciled, a file queued; a path that is gone, or no longer
    /// in the folders (or excluded), is purged with everything below it.
    mutating func resync(now: Int64) -> [DaemonAction] {
        guard let due = resyncAt, now >= due else { return [] }
        resyncAt = nil
        let paths = unsynced.sorted()
        unsynced = []
        var actions: [DaemonAction] = []
        for path in paths {
            if isIndexable(path) {
                actions.append(.examine(path, .resync))
            } else {
                actions += changeIndex(.purge(path, tree: true))
            }
        }
        return actions
    }

    /// The disk holding the index is full: no file is handed out until `retryAfterFullDisk`.
    /// Retries come 5 s, then 10, 20… up to a minute apart.
    mutating func waitForSpace(_ message: String, now: Int64) -> [DaemonAction] {
        let first = spaceWait == nil
        lastError = message
        spaceWait = now + spaceRetryMilliseconds
        spaceRetryMilliseconds = min(spaceRetryMilliseconds * 2, Self.lastSpaceRetryMilliseconds)
        return first ? [.log(.error, message, path: nil)] : []
    }

    /// After waiting for space, tries again; every folder is reconciled, because while the
    /// disk was full the daemon's own writes (purges, renames) may have been refused too.
    /// If the disk is still full, the first write refused starts the next wait.
    mutating func retryAfterFullDisk(now: Int64) -> [DaemonAction] {
        guard let retryAt = spaceWait, now >= retryAt else { return [] }
        spaceWait = nil
        if !unsynced.isEmpty { resyncAt = now }
        return folders.filter { offlineVolume(holding: $0) == nil }.flatMap { startWalk($0, reconcile: true) }
    }
}
