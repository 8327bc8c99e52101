internal import FolioCore
internal import FolioSystem

extension DaemonCore {
    /// An inotify event on a path inside the watched folders.
    mutating func handle(_ event: FileEvent, now: Int64) -> [DaemonAction] {
        let path = event.path
        switch event.kind {
        case let .movedFrom(cookie):
            movesFrom[cookie] = (path, event.isDirectory, now)
            return []
        case let .movedTo(cookie):
            guard let from = movesFrom.removeValue(forKey: cookie) else { return arrived(path, isDirectory: event.isDirectory, now: now) }
            return moved(from: from.path, to: path, isDirectory: event.isDirectory, now: now)
        case .deleted:
            return removed(path, isDirectory: event.isDirectory)
        case .folderCreated:
            return arrived(path, isDirectory: true, now: now)
        case let .changed(finished):
            if !event.isDirectory, isIndexable(path) { coalescer.note(path, at: now, finished: finished) }
            return []
        }
    }

    /// A file or folder appeared (created, or moved in from outside the tree).
    private mutating func arrived(_ path: String, isDirectory: Bool, now: Int64) -> [DaemonAction] {
        guard isIndexable(path) else { return [] }
        // A new folder's files created before its watch existed are found by the walk.
        if isDirectory { return startWalk(path, reconcile: true) }
        coalescer.note(path, at: now, finished: true)
        return []
    }

    /// A file or folder is gone (deleted, or moved out of the tree).
    mutating func removed(_ path: String, isDirectory: Bool) -> [DaemonAction] {
        coalescer.cancel(path)
        var actions: [DaemonAction] = []
        if isDirectory {
            actions.append(.unwatch(tree: path))
            pool.remove(tree: path)
        }
        return actions + changeIndex(.purge(path, tree: isDirectory))
    }

    /// A rename or move inside the tree: paths change in the index, nothing is extracted.
    /// A file saved by writing a temporary file and renaming it over the original arrives
    /// here too: the target is then a changed file, so it is always looked at again. If the
    /// database refuses the rename, the old path is purged later (`resync`) and the new one
    /// indexed afresh.
    private mutating func moved(from old: String, to new: String, isDirectory: Bool, now: Int64) -> [DaemonAction] {
        coalescer.cancel(old)
        guard isIndexable(new) else { return removed(old, isDirectory: isDirectory) }
        if isDirectory {
            pool.remove(tree: old)
            // A walk of the new place catches what changed while the events travelled.
            return [.renameWatches(from: old, to: new)] + changeIndex(.moveTree(from: old, to: new)) + startWalk(new, reconcile: true)
        }
        coalescer.note(new, at: now, finished: true)
        return changeIndex(.moveFile(from: old, to: new))
    }

    /// A move whose other half never came within a short time left the tree.
    mutating func expireMoves(now: Int64) -> [DaemonAction] {
        var actions: [DaemonAction] = []
        for (cookie, move) in movesFrom.sorted(by: { $0.value.at < $1.value.at }) where now - move.at >= Self.moveMilliseconds {
            movesFrom[cookie] = nil
            actions += removed(move.path, isDirectory: move.isDirectory)
        }
        return actions
    }

    /// A file's status, as asked for by `examine`.
    mutating func examined(_ path: String, status: FileStatus?, _ reason: Examination, now: Int64) -> [DaemonAction] {
        switch reason {
        case .settled:
            // Quiet after its events: index it, or purge it if it is gone.
            guard let status, status.kind == .regular else { return changeIndex(.purge(path, tree: false)) }
            guard kinds.kind(of: path) == .file else {
                pool.addRecent(path, size: status.size)
                return []
            }
            return recordNames([NamedFile(path: path, signature: FileSignature(size: status.size, modificationTimeNanoseconds: status.modificationTimeNanoseconds,
                                                                               inode: status.inode))])
        case .afterReading:
            // Renamed or deleted while a worker read it: the rename or purge found no row
            // yet, and the worker has just written one under the old path.
            guard status?.kind != .regular else { return [] }
            return changeIndex(.purge(path, tree: false))
        case .resync:
            switch status?.kind {
            case .directory?: return startWalk(path, reconcile: true)
            case .regular?: return examined(path, status: status, .settled, now: now)
            default: return changeIndex(.purge(path, tree: true))
            }
        }
    }
}
