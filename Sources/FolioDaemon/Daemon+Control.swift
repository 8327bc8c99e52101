internal import FolioCore
internal import FolioStore
internal import FolioWatch
internal import Foundation
internal import Glibc

extension Daemon {
    /// Answers one control command.
    func respond(to command: String) -> String {
        let words = command.split(separator: " ", maxSplits: 1).map(String.init)
        switch words.first ?? "" {
        case "status":
            return statusJSON()
        case "pause":
            paused = true
            return "ok"
        case "resume":
            paused = false
            return "ok"
        case "reload":
            return reload()
        case "reindex":
            return reindex(words.count > 1 ? words[1] : nil)
        default:
            return "error unknown command: \(command)"
        }
    }

    /// Re-reads the configuration and applies it (folders, exclusions, timings).
    @discardableResult
    func reload() -> String {
        do {
            let fresh = try setup.reloadConfiguration()
            configuration = fresh
            rules = ExcludeRules(patterns: fresh.exclude, home: setup.home)
            coalescer = Coalescer(quiet: Int64(fresh.daemon.debounceMilliseconds), maximumDelay: Int64(fresh.daemon.maximumDelayMilliseconds))
            applyFolders(fresh.folders)
            logger.info("configuration reloaded", metadata: ["folders": "\(folders)"])
            return "ok"
        } catch {
            record(error)
            return "error \(error)"
        }
    }

    /// Extracts the documents under `path` (all when `nil`) again.
    private func reindex(_ path: String?) -> String {
        let scope: PathScope = path.map { .tree(AbsolutePath.normalise(expandingTilde($0), relativeTo: "/")) } ?? .everything
        do {
            try store.invalidate(scope)
        } catch {
            return "error \(error)"
        }
        for folder in folders {
            if case let .tree(root) = scope, !(root == folder || root.hasPrefix(folder + "/") || folder.hasPrefix(root + "/")) { continue }
            startWalk(folder, reconcile: true)
        }
        return "ok"
    }

    var status: DaemonStatus {
        let now = Clock.milliseconds()
        let recent = completions.filter { now - $0 <= 60_000 }
        let rate = Double(recent.count) / 60
        let state: DaemonStatus.State = paused ? .paused : spaceWait != nil ? .diskFull : !walks.isEmpty ? .scanning
            : (!queue.isEmpty || workers.contains { !$0.isIdle } || coalescer.count > 0) ? .indexing : .idle
        let unwatched = watches.unwatched.count
        var warnings: [String] = []
        if spaceWait != nil {
            warnings.append("the disk holding the index (\(setup.databasePath)) is full: indexing waits, and goes on by itself once space is freed")
        }
        if unwatched > 0 {
            warnings.append("\(unwatched) folders are not watched: inotify watches ran out; they are walked every "
                + "\(configuration.daemon.rescanIntervalSeconds) s. Raise the limit: sudo sysctl fs.inotify.max_user_watches=524288")
        }
        return DaemonStatus(
            state: state, pid: getpid(), folders: folders, watchedDirectories: watches.watchedCount, unwatchedDirectories: unwatched,
            queued: queue.count, debouncing: coalescer.count, current: workers.compactMap { $0.current?.path },
            recognising: workers.filter(\.isRecognising).compactMap { $0.current?.path },
            indexedSinceStart: indexedSinceStart, filesPerSecond: rate,
            secondsLeft: rate > 0 && !queue.isEmpty ? Double(queue.count) / rate : nil, lastError: lastError,
            warning: warnings.isEmpty ? nil : warnings.joined(separator: "; "))
    }

    private func statusJSON() -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(status), as: UTF8.self)) ?? "{}"
    }

    /// A STATUS line for systemd, at most once a second.
    func notifyStatusIfDue(at now: Int64) {
        guard now - lastStatusNotice >= 1000 else { return }
        lastStatusNotice = now
        let current = status
        var line = "\(current.state.rawValue)"
        if current.queued > 0 { line += ", \(current.queued) queued" }
        line += ", \(current.indexedSinceStart) indexed"
        if let warning = current.warning { line += "; " + warning }
        notifier.notify("STATUS=" + line)
    }
}
