public import FolioCore
public import FolioProtocol
public import FolioSystem
public import FolioWatch

/// Something that happened, for `DaemonCore.handle`: what the event loop saw (inotify,
/// walks, workers, the control socket) or what became of an action it carried out.
public enum DaemonInput: Equatable, Sendable {
    /// The configuration to work by: at start, and on every reload.
    case configure(FolioConfiguration)
    /// The volumes the index knows (`Volume`), at start, before the configuration.
    case volumes([Volume])
    /// The mount table, with the wall clock in unix seconds: at start (before the
    /// configuration), after every mount or unmount, and now and then for `offline_days`.
    case mounts(MountTable, at: Int64)
    /// A change below a watched folder (`FileEvent`), or the kernel's queue of them
    /// overflowed (some changes were lost).
    case file(FileEvent)
    case overflow
    /// What a walk found, and that it ended.
    case walked(WalkID, WalkedItem)
    case walkEnded(WalkID)
    /// A file's status, looked at for an `DaemonAction.examine`; `nil` when it is gone.
    case examined(String, FileStatus?, Examination)
    /// A worker's message, that it failed (ended, broke the protocol or could not be
    /// written to: the reason says which), or that it could not be started.
    case worker(WorkerID, WorkerMessage)
    case workerFailed(WorkerID, reason: String)
    case workerStartFailed(WorkerID, reason: String)
    /// A change of the daemon's own (`IndexChange`) that the database refused.
    case refused(IndexChange, StoreRefusal)
    /// Any other failure to show as the last error (reading inotify, a reload).
    case failed(String)
    case pause
    case resume
    /// The documents in a scope were marked changed (`folioctl reindex`): walk them again.
    case reindexed(root: String?)
    /// How many folders inotify watches, and how many it could not (the system's limit).
    case watches(watched: Int, unwatched: Int)
    /// The embedder started, or resumed its background stage: idle workers end at once
    /// rather than after `WorkerPool.idleMilliseconds`, so their memory is not held beside
    /// the model's while it opens.
    case embedding
    /// A step of the search tables' upkeep ended, with work left or not (`DaemonChore`).
    case searchTablesTended(pending: Bool)
    /// Names came or went in the index's folder: the look for damage is due at once.
    case indexFolderChanged
    /// SIGTERM: finish the files in hand and end the workers.
    case stop
}

/// A change seen by inotify, on a path inside the watched folders.
public struct FileEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Created, written, closed after writing, or its attributes changed. `finished`:
        /// closed after writing, so the debounce need not wait for more.
        case changed(finished: Bool)
        /// A folder was created.
        case folderCreated
        case deleted
        /// One half of a rename; the two halves share `cookie`.
        case movedFrom(cookie: UInt32)
        case movedTo(cookie: UInt32)
    }

    public var kind: Kind
    public var path: String
    public var isDirectory: Bool

    public init(_ kind: Kind, path: String, isDirectory: Bool = false) {
        self.kind = kind
        self.path = path
        self.isDirectory = isDirectory
    }
}

/// One item of a walk (`DirectoryCrawler`), with what the index holds for a file of a
/// kind Folio reads, looked up by the loop as it feeds the item.
public enum WalkedItem: Equatable, Sendable {
    case file(path: String, status: FileStatus, stored: StoredSignature)
    /// A folder that could not be read, or a name Folio cannot use.
    case problem(path: String, reason: String)
}

/// What the index holds for a file a walk found.
public enum StoredSignature: Equatable, Sendable {
    case absent
    /// The signature and kind the index has for the file.
    case stored(FileSignature, kind: DocumentKind)
    /// The lookup failed (the message says why); the file is left as it is.
    case unknown(String)
}

/// Why a file's status is looked at.
public enum Examination: Equatable, Sendable {
    /// Its events settled (`Coalescer`): index it, or purge it if it is gone.
    case settled
    /// A worker has just written it: if it is gone (renamed or deleted while it was read),
    /// the document written under its path must go.
    case afterReading
    /// A change about it was refused earlier (`DaemonCore.resync`).
    case resync
}

/// A walk, named by the core.
public struct WalkID: Hashable, Sendable {
    public let value: Int

    public init(_ value: Int) {
        self.value = value
    }
}
