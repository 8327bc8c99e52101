internal import FolioCore
internal import FolioSystem
internal import FolioWatch
internal import Glibc

/// The inotify watches of the daemon: which watch is which folder, and which folders
/// could not be watched because the system's limit (`fs.inotify.max_user_watches`) was
/// reached; those are walked again every `rescan_interval_seconds` instead.
final class WatchTree {
    let inotify: Inotify
    private var pathByWatch: [Int32: String] = [:]
    private var watchByPath: [String: Int32] = [:]
    private(set) var unwatched: Set<String> = []

    init() throws(SystemError) {
        inotify = try Inotify()
    }

    var watchedCount: Int { watchByPath.count }

    func path(of watch: Int32) -> String? { pathByWatch[watch] }

    /// Watches a folder; returns false (and remembers it) when the limit is reached.
    @discardableResult
    func watch(_ directory: String) -> Bool {
        if watchByPath[directory] != nil { return true }
        do {
            let watch = try inotify.watch(directory)
            if let previous = pathByWatch[watch] { watchByPath[previous] = nil }
            pathByWatch[watch] = directory
            watchByPath[directory] = watch
            unwatched.remove(directory)
            return true
        } catch {
            if error.code == ENOSPC { unwatched.insert(directory) }
            return false
        }
    }

    /// Forgets a watch the kernel removed (its folder was deleted or unmounted).
    func forget(_ watch: Int32) {
        if let path = pathByWatch.removeValue(forKey: watch) { watchByPath[path] = nil }
    }

    /// Stops watching a folder and everything below it.
    func unwatch(tree directory: String) {
        for (path, watch) in watchByPath where AbsolutePath.isInside(path, directory) {
            inotify.unwatch(watch)
            watchByPath[path] = nil
            pathByWatch[watch] = nil
        }
        unwatched = unwatched.filter { !AbsolutePath.isInside($0, directory) }
    }

    /// A folder moved inside the watched tree: its watches stay, their paths change.
    func rename(tree old: String, to new: String) {
        for (path, watch) in watchByPath where AbsolutePath.isInside(path, old) {
            let moved = new + path.dropFirst(old.count)
            watchByPath[path] = nil
            watchByPath[moved] = watch
            pathByWatch[watch] = moved
        }
    }
}
