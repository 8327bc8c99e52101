internal import FolioSystem
internal import FolioWatch
internal import Glibc

/// foliod's eye on the mount table: `/proc/self/mountinfo` polled for a mount or unmount,
/// an `IN_UNMOUNT` from inotify taken as one too, and the table read again every ten
/// minutes anyway, so that a volume offline past `offline_days` is let go while nothing
/// else happens.
final class MountFollower {
    private let watch: MountWatch?
    private var readAt: Int64
    private var changed = false
    static let rereadMilliseconds: Int64 = 600_000

    init(now: Int64) {
        watch = try? MountWatch()
        readAt = now
    }

    /// The table now, for the start; `nil` where `/proc` is not mounted.
    func read() -> MountTable? {
        try? watch?.read()
    }

    /// The entry to add to `poll`'s.
    var pollEntry: pollfd? {
        watch.map { pollfd(fd: $0.descriptor, events: MountWatch.pollEvents, revents: 0) }
    }

    /// inotify said a watched folder's file system was unmounted.
    func unmountSeen() {
        changed = true
    }

    /// The table, when it changed (as `poll` said in `entries`) or is due again; else `nil`.
    func table(after entries: [pollfd], now: Int64) -> MountTable? {
        if let watch, entries.contains(where: { $0.fd == watch.descriptor && $0.revents != 0 }) { changed = true }
        guard changed || now - readAt >= Self.rereadMilliseconds, let table = read() else { return nil }
        changed = false
        readAt = now
        return table
    }
}
