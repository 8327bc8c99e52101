public import FolioProtocol

extension DaemonCore {
    /// What `folioctl status` shows of the daemon: its state, queue, workers and warnings.
    public func status(pid: Int32, databasePath: String, now: Int64) -> DaemonStatus {
        let recent = completions.filter { now - $0 <= 60_000 }
        let rate = Double(recent.count) / 60
        let state: DaemonStatus.State = paused ? .paused : spaceWait != nil ? .diskFull : !walks.isEmpty ? .scanning
            : (!pool.isIdle || coalescer.count > 0) ? .indexing : .idle
        var warnings: [String] = []
        if spaceWait != nil {
            warnings.append("the disk holding the index (\(databasePath)) is full: indexing waits, and goes on by itself once space is freed")
        }
        if unwatched > 0 {
            warnings.append("\(unwatched) folders are not watched: inotify watches ran out; they are walked every "
                + "\(configuration.daemon.rescanIntervalSeconds) s. Raise the limit: sudo sysctl fs.inotify.max_user_watches=524288")
        }
        let network = networkRoots
        if !network.isEmpty {
            warnings.append("\(network.joined(separator: ", ")) \(network.count == 1 ? "is" : "are") on a network file system: walked every "
                + "\(configuration.daemon.rescanIntervalSeconds) s, since inotify does not see changes made from other machines")
        }
        var status = DaemonStatus(
            state: state, pid: pid, database: databasePath, folders: folders, watchedDirectories: watched, unwatchedDirectories: unwatched,
            queued: pool.queued, debouncing: coalescer.count, current: pool.reading, recognising: pool.recognising,
            indexedSinceStart: indexedSinceStart, filesPerSecond: rate,
            secondsLeft: rate > 0 && pool.queued > 0 ? Double(pool.queued) / rate : nil, lastError: lastError,
            warning: warnings.isEmpty ? nil : warnings.joined(separator: "; "))
        status.networkFolders = network
        return status
    }
}
