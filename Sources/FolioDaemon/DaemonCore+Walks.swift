internal import FolioCore
internal import FolioSystem

extension DaemonCore {
    /// Walks a folder; with `reconcile`, documents below it that the walk does not find
    /// are purged when it ends.
    mutating func startWalk(_ root: String, reconcile: Bool) -> [DaemonAction] {
        walkCounter += 1
        let id = WalkID(walkCounter)
        walks.append(PendingWalk(id: id, root: root, seen: reconcile ? [] : nil))
        return [.walk(id, root: root)]
    }

    /// An item of the current walk. A file whose signature matches the index is not
    /// queued (unless it was known by its name only and is now of a kind Folio reads), so a
    /// start-up with nothing changed extracts nothing.
    mutating func walked(_ item: WalkedItem, in id: WalkID) -> [DaemonAction] {
        guard let index = walks.firstIndex(where: { $0.id == id }) else { return [] }
        switch item {
        case let .file(path, status, stored):
            walks[index].seen?.insert(path)
            let signature = FileSignature(size: status.size, modificationTimeNanoseconds: status.modificationTimeNanoseconds, inode: status.inode)
            switch stored {
            // Known by its name only, of a kind Folio now reads (`code_extensions` added):
            // read though unchanged.
            case let .stored(stored, kind) where stored == signature && !(kind == .file && kinds.kind(of: path) != .file):
                return [.report(.finished(path: path, .unchanged))]
            case .absent, .stored:
                // A file known by its name needs no worker: its name is recorded with the
                // walk's others, a batch at a time.
                guard kinds.kind(of: path) == .file else {
                    pool.addFound(path, size: status.size)
                    return []
                }
                walks[index].names.append(NamedFile(path: path, signature: signature))
                guard walks[index].names.count >= Self.namesPerTransaction else { return [] }
                let names = walks[index].names
                walks[index].names = []
                return recordNames(names)
            case let .unknown(message):
                return record(message)
            }
        case let .problem(path, reason):
            // A file of a kind Folio reads (a name that is not UTF-8, a file it may not
            // stat) is listed by `folioctl errors`, and kept by the reconcile; a folder it
            // cannot read (or one gone while it was walked), or a file known only by its
            // name, is logged and shown as the last error by `folioctl status`.
            walks[index].seen?.insert(path)
            let message = "\(path): \(reason)"
            lastError = message
            var actions: [DaemonAction] = [.log(.notice, "not walked: \(reason)", path: path), .report(.problem(path: path, reason: reason))]
            if kinds.kind(of: path) != .file { actions.append(.change(.recordFailure(path, signature: .unknown, reason: message))) }
            return actions
        }
    }

    mutating func walkEnded(_ id: WalkID) -> [DaemonAction] {
        guard let index = walks.firstIndex(where: { $0.id == id }) else { return [] }
        let walk = walks.remove(at: index)
        let named = recordNames(walk.names)
        guard let seen = walk.seen else { return named }
        return named + changeIndex(.purgeUnseen(root: walk.root, seen: seen, keeping: offlineMountPoints(inside: walk.root)))
    }

    /// Records files known by their names, each reported as indexed.
    mutating func recordNames(_ names: [NamedFile]) -> [DaemonAction] {
        guard !names.isEmpty else { return [] }
        indexedSinceStart += names.count
        return changeIndex(.recordNames(names)) + names.map { .report(.finished(path: $0.path, .indexed(chunks: 1, ocrPages: 0))) }
    }

    /// Folders inotify could not watch, and folders on network file systems (whose changes
    /// from other machines inotify never sees), are walked again now and then.
    mutating func rescanUnwatchedIfDue(now: Int64) -> [DaemonAction] {
        guard now >= nextRescan else { return [] }
        nextRescan = now + Int64(configuration.daemon.rescanIntervalSeconds) * 1000
        let roots = unwatched > 0 ? folders : networkRoots
        return roots.filter { root in offlineVolume(holding: root) == nil && !walks.contains { $0.root == root } }
            .flatMap { startWalk($0, reconcile: true) }
    }

    /// `folioctl reindex`: the documents below `root` (all when `nil`) were marked changed;
    /// the watched folders that hold them, or are below it, are walked again.
    mutating func reindexed(_ root: String?) -> [DaemonAction] {
        var actions: [DaemonAction] = []
        for folder in folders where offlineVolume(holding: folder) == nil {
            if let root, !(AbsolutePath.isInside(root, folder) || AbsolutePath.isInside(folder, root)) { continue }
            actions += startWalk(folder, reconcile: true)
        }
        return actions
    }
}
