internal import FolioCore
internal import FolioStore
internal import FolioSystem
internal import FolioWatch
internal import Glibc

extension Daemon {
    /// Makes the watched folders `configured`: new ones are walked (reconciled) and
    /// watched, dropped ones unwatched and their documents purged.
    func applyFolders(_ configured: [String]) {
        let wanted = configured.map { AbsolutePath.normalise(expandingTilde($0), relativeTo: "/") }
        for removed in folders where !wanted.contains(removed) {
            watches.unwatch(tree: removed)
            queue.remove(tree: removed)
            walks.removeAll { $0.root == removed || $0.root.hasPrefix(removed + "/") }
            changeIndex(about: removed) { try store.purge(.tree(removed)) }
        }
        let added = wanted.filter { !folders.contains($0) }
        folders = wanted
        for folder in added { startWalk(folder, reconcile: true) }
        nextRescan = Clock.milliseconds() + Int64(configuration.daemon.rescanIntervalSeconds) * 1000
    }

    /// Walks a folder, watching every directory on the way; with `reconcile`, documents
    /// below it that the walk does not find are purged when it ends.
    func startWalk(_ root: String, reconcile: Bool) {
        let crawler = DirectoryCrawler(includeHidden: configuration.includeHidden, rules: rules)
        let watches = self.watches
        let walk = crawler.walk(root) { directory in watches.watch(directory) }
        walks.append(PendingWalk(root: root, walk: walk, seen: reconcile ? [] : nil))
    }

    /// Takes files from the walks while the queue has room; a file whose signature matches
    /// the index is not queued, so a start-up with nothing changed extracts nothing.
    func advanceWalks() {
        guard !paused else { return }
        while !queue.isFull, !walks.isEmpty {
            guard let item = walks[0].walk.next() else {
                finishWalk(walks.removeFirst())
                continue
            }
            switch item {
            case let .file(path, status):
                walks[0].seen?.insert(path)
                if needsIndexing(path, status: status) { queue.addFound(path, size: status.size) }
            case let .problem(path, reason):
                // A file of a kind Folio reads (a name that is not UTF-8, a file it may not
                // stat) is listed by `folioctl errors`, and kept by the reconcile; a folder
                // it cannot read is logged and shown as the last error by `folioctl status`.
                logger.notice("not walked", metadata: ["path": "\(path)", "reason": "\(reason)"])
                walks[0].seen?.insert(path)
                recordFailure(path, signature: .unknown, reason: "\(path): \(reason)")
            }
        }
    }

    private func finishWalk(_ walk: PendingWalk) {
        guard let seen = walk.seen else { return }
        changeIndex(about: walk.root) {
            for path in try store.paths(in: .tree(walk.root)) where !seen.contains(path) {
                try store.purge(.file(path))
            }
        }
    }

    /// Whether a file found by a walk differs from what the index holds.
    func needsIndexing(_ path: String, status: FileStatus) -> Bool {
        guard DocumentKind(path: path) != nil else { return false }
        do {
            guard let stored = try store.storedDocument(at: path) else { return true }
            return stored.signature != FileSignature(size: status.size, modificationTimeNanoseconds: status.modificationTimeNanoseconds,
                                                     inode: status.inode)
        } catch {
            record(error)
            return false
        }
    }

    /// Folders inotify could not watch are walked again now and then.
    func rescanUnwatchedIfDue(at now: Int64) {
        guard now >= nextRescan else { return }
        nextRescan = now + Int64(configuration.daemon.rescanIntervalSeconds) * 1000
        if !watches.unwatched.isEmpty { for folder in folders { startWalk(folder, reconcile: true) } }
    }

    func expandingTilde(_ path: String) -> String {
        path == "~" ? setup.home : path.hasPrefix("~/") ? setup.home + path.dropFirst() : path
    }

    /// Whether `path` is inside a watched folder and not excluded.
    func isIndexable(_ path: String) -> Bool {
        guard let folder = folders.first(where: { path == $0 || path.hasPrefix($0 + "/") }) else { return false }
        if !configuration.includeHidden, path.dropFirst(folder.count).split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            return false
        }
        return !rules.excludesAnyComponent(of: path, below: folder)
    }
}
