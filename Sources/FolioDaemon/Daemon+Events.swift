internal import FolioCore
internal import FolioStore
internal import FolioSystem
internal import FolioWatch
internal import Glibc

extension Daemon {
    /// Reads and handles the inotify events waiting.
    func readEvents() {
        let events: [Inotify.Event]
        do {
            events = try watches.inotify.read()
        } catch {
            return record(error)
        }
        let now = Clock.milliseconds()
        for event in events { handle(event, at: now) }
    }

    private func handle(_ event: Inotify.Event, at now: Int64) {
        let mask = event.mask
        if mask & Inotify.Mask.overflow != 0 {
            logger.warning("inotify queue overflowed; walking every folder again")
            for folder in folders { startWalk(folder, reconcile: true) }
            return
        }
        if mask & Inotify.Mask.ignored != 0 { return watches.forget(event.watch) }
        guard let directory = watches.path(of: event.watch), let name = event.name else { return }
        guard event.nameIsValidUTF8 else {
            // Such a name cannot be stored as a path; the walks report it (folioctl index).
            return logger.notice("file name is not valid UTF-8; not indexed", metadata: ["folder": "\(directory)", "name": "\(name)"])
        }
        let path = directory + "/" + name
        let isDirectory = mask & Inotify.Mask.isDirectory != 0
        if mask & Inotify.Mask.movedFrom != 0 {
            movesFrom[event.cookie] = (path, isDirectory, now)
        } else if mask & Inotify.Mask.movedTo != 0 {
            if let from = movesFrom.removeValue(forKey: event.cookie) {
                moved(from: from.path, to: path, isDirectory: isDirectory)
            } else {
                arrived(path, isDirectory: isDirectory)
            }
        } else if mask & Inotify.Mask.delete != 0 {
            removed(path, isDirectory: isDirectory)
        } else if mask & Inotify.Mask.create != 0, isDirectory {
            arrived(path, isDirectory: true)
        } else if !isDirectory, mask & (Inotify.Mask.create | Inotify.Mask.modify | Inotify.Mask.closeWrite | Inotify.Mask.attributes) != 0 {
            if isIndexable(path) { coalescer.note(path, at: now, finished: mask & Inotify.Mask.closeWrite != 0) }
        }
    }

    /// A file or folder appeared (created, or moved in from outside the tree).
    private func arrived(_ path: String, isDirectory: Bool) {
        guard isIndexable(path) else { return }
        if isDirectory {
            // Files created in it before its watch existed are found by the walk.
            startWalk(path, reconcile: true)
        } else {
            coalescer.note(path, at: Clock.milliseconds(), finished: true)
        }
    }

    /// A file or folder is gone (deleted, or moved out of the tree).
    private func removed(_ path: String, isDirectory: Bool) {
        coalescer.cancel(path)
        if isDirectory {
            watches.unwatch(tree: path)
            queue.remove(tree: path)
        }
        changeIndex(about: path) {
            try store.purge(.file(path))
            if isDirectory { try store.purge(.tree(path)) }
        }
    }

    /// A rename or move inside the tree: paths change in the index, nothing is extracted.
    /// A file saved by writing a temporary file and renaming it over the original arrives
    /// here too: the target is then a changed file, so it is always looked at again. If the
    /// database refuses the rename, the old path is purged later (`resync`) and the new one
    /// indexed afresh.
    private func moved(from old: String, to new: String, isDirectory: Bool) {
        coalescer.cancel(old)
        guard isIndexable(new) else { return removed(old, isDirectory: isDirectory) }
        if isDirectory {
            watches.rename(tree: old, to: new)
            queue.remove(tree: old)
            changeIndex(about: old) { try store.rename(tree: old, to: new) }
            // A walk of the new place catches what changed while the events travelled.
            startWalk(new, reconcile: true)
            return
        }
        changeIndex(about: old) {
            // Renamed to a name of a kind Folio does not read (`notes.txt` to `notes.bak`):
            // the document goes.
            let renamed = try DocumentKind(path: new) != nil && store.rename(file: old, to: new)
            if !renamed { try store.purge(.file(old)) }
        }
        coalescer.note(new, at: Clock.milliseconds(), finished: true)
    }

    /// A move whose other half never came within a short time left the tree.
    func expireMoves(at now: Int64) {
        for (cookie, move) in movesFrom where now - move.at >= 100 {
            movesFrom[cookie] = nil
            removed(move.path, isDirectory: move.isDirectory)
        }
    }

    /// A file is quiet after its events: index it, or purge it if it is gone.
    func changed(_ path: String) {
        guard let status = try? FileStatus.of(path), status.kind == .regular else {
            changeIndex(about: path) { try store.purge(.file(path)) }
            return
        }
        if DocumentKind(path: path) != nil { queue.addRecent(path, size: status.size) }
    }
}
