/// What `foliod` reports about itself on its control socket; `folioctl status` shows it.
/// The JSON form (`folioctl status --json`) uses these field names in snake case.
public struct DaemonStatus: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable {
        case scanning, indexing, idle, paused
        /// The disk holding the index is full; indexing goes on once space is freed.
        case diskFull = "disk_full"
    }

    public var state: State
    public var pid: Int32
    /// The index the daemon writes: the one `folioctl status` then shows, whatever the
    /// client's own environment would point at.
    public var database: String
    public var folders: [String]
    /// Folders with an inotify watch, and those without one (the system's limit).
    public var watchedDirectories: Int
    public var unwatchedDirectories: Int
    /// Files waiting to be indexed, and waiting for their quiet time.
    public var queued: Int
    public var debouncing: Int
    /// The files being extracted now.
    public var current: [String]
    /// Those of them a page of which tesseract is reading now (workers take turns: one
    /// at most).
    public var recognising: [String]
    /// Files indexed since the daemon started, and per second over the last minute.
    public var indexedSinceStart: Int
    public var filesPerSecond: Double
    /// Seconds until the queue is empty at that rate, when there is a queue.
    public var secondsLeft: Double?
    public var lastError: String?
    /// Set when inotify watches ran out or the disk is full: what to do about it.
    public var warning: String?
    /// The watched folders (or the mount points inside them) on network file systems,
    /// walked every `rescan_interval_seconds` instead of trusted to inotify.
    public var networkFolders: [String]?
    /// The embedder process (semantic search), when one runs; how the last one failed.
    public var embedderPid: Int32?
    public var embedderExit: String?

    public init(state: State, pid: Int32, database: String, folders: [String], watchedDirectories: Int, unwatchedDirectories: Int, queued: Int,
                debouncing: Int, current: [String], recognising: [String], indexedSinceStart: Int, filesPerSecond: Double, secondsLeft: Double?,
                lastError: String?, warning: String?) {
        self.state = state
        self.pid = pid
        self.database = database
        self.folders = folders
        self.watchedDirectories = watchedDirectories
        self.unwatchedDirectories = unwatchedDirectories
        self.queued = queued
        self.debouncing = debouncing
        self.current = current
        self.recognising = recognising
        self.indexedSinceStart = indexedSinceStart
        self.filesPerSecond = filesPerSecond
        self.secondsLeft = secondsLeft
        self.lastError = lastError
        self.warning = warning
    }
}
