internal import FolioStore
internal import FolioSystem

extension Daemon {
    /// Makes one of the daemon's own changes to the index (a purge, a rename) about `path`.
    /// If the database refuses it, for want of space or because another process holds it
    /// (`Daemon.busyTimeoutSeconds`), `path` is looked at again later (`resync`), which
    /// makes the change whatever it was. While the database is known to be held, a change
    /// is not tried at all: each try would keep the loop, and `folioctl status`, waiting.
    func changeIndex(about path: String, _ change: () throws -> Void) {
        guard resyncAt == nil else {
            unsynced.insert(path)
            return
        }
        do {
            try change()
        } catch {
            switch error as? StoreError {
            case .busy?:
                unsynced.insert(path)
                resyncAt = Clock.milliseconds() + Self.resyncMilliseconds
            case .diskFull?:
                unsynced.insert(path)
            default:
                break
            }
            record(error)
        }
    }

    /// Brings the index in line with the disk at each path a refused change was about: a
    /// folder is walked and reconciled, a file queued; a path that is gone, or no longer
    /// in the folders (or excluded), is purged with everything below it.
    func resync(at now: Int64) {
        guard let due = resyncAt, now >= due else { return }
        resyncAt = nil
        let paths = unsynced
        unsynced = []
        for path in paths {
            let status = isIndexable(path) ? try? FileStatus.of(path) : nil
            switch status?.kind {
            case .directory?:
                startWalk(path, reconcile: true)
            case .regular?:
                changed(path)
            default:
                changeIndex(about: path) {
                    try store.purge(.file(path))
                    try store.purge(.tree(path))
                }
            }
        }
    }
}
