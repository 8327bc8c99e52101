internal import FolioWatch

extension FileEvent {
    /// An inotify event as the core takes it; `nil` for events it has no use for (a folder's
    /// attributes changed, say).
    init?(_ event: Inotify.Event, path: String) {
        let mask = event.mask
        let isDirectory = mask & Inotify.Mask.isDirectory != 0
        if mask & Inotify.Mask.movedFrom != 0 {
            self.init(.movedFrom(cookie: event.cookie), path: path, isDirectory: isDirectory)
        } else if mask & Inotify.Mask.movedTo != 0 {
            self.init(.movedTo(cookie: event.cookie), path: path, isDirectory: isDirectory)
        } else if mask & Inotify.Mask.delete != 0 {
            self.init(.deleted, path: path, isDirectory: isDirectory)
        } else if isDirectory {
            guard mask & Inotify.Mask.create != 0 else { return nil }
            self.init(.folderCreated, path: path, isDirectory: true)
        } else {
            guard mask & (Inotify.Mask.create | Inotify.Mask.modify | Inotify.Mask.closeWrite | Inotify.Mask.attributes) != 0 else { return nil }
            self.init(.changed(finished: mask & Inotify.Mask.closeWrite != 0), path: path)
        }
    }
}
