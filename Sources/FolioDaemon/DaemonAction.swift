public import FolioCore
public import FolioProtocol
public import Logging

/// What `DaemonCore` asks the event loop to do.
public enum DaemonAction: Equatable, Sendable {
    case worker(WorkerAction)
    /// Walk `root`, watching every folder on the way, and feed what it finds
    /// (`DaemonInput.walked`, then `walkEnded`) while the core `wantsWalkItems`.
    case walk(WalkID, root: String)
    case cancelWalk(WalkID)
    /// Write to the index; a refusal comes back as `DaemonInput.refused`.
    case change(IndexChange)
    /// Look at a file's status and say it (`DaemonInput.examined`).
    case examine(String, Examination)
    /// Stop watching a folder and everything below; or keep the watches of a folder that
    /// moved, under its new path.
    case unwatch(tree: String)
    case renameWatches(from: String, to: String)
    /// What became of a file, for a caller that reports each (`folioctl index`).
    case report(FileReport)
    case log(Logger.Level, String, path: String?)
}

/// A change the daemon makes to the index itself (the workers write documents).
public enum IndexChange: Equatable, Sendable {
    /// Remove the document at a path, and with `tree` everything below it.
    case purge(String, tree: Bool)
    /// A file was renamed: its document follows, or goes when the new name is of another
    /// kind or the file is known by its name (the new name is then recorded afresh).
    case moveFile(from: String, to: String)
    case moveTree(from: String, to: String)
    /// A walk that reconciles ended: the documents below `root` it did not see are purged,
    /// but those below `keeping` (offline volumes' mount points, which it could not see).
    case purgeUnseen(root: String, seen: Set<String>, keeping: [String])
    /// Record the file at `path` as failed, with its current signature (it is not tried
    /// again until it changes), or with `signature` when given; nothing when it is gone.
    case recordFailure(String, signature: FileSignature?, reason: String)
    /// Record files known by their names alone (`IndexStore.recordNames`), a batch at a time.
    case recordNames([NamedFile])
    /// Record a volume, mounted or offline.
    case recordVolume(Volume)
    /// Forget a volume, and with `purging` the documents at and below its mount point.
    case forgetVolume(String, purging: Bool)

    /// The paths the change is about: looked at again (`DaemonCore.resync`) when refused.
    public var paths: [String] {
        switch self {
        case let .purge(path, _), let .moveFile(path, _), let .moveTree(path, _), let .purgeUnseen(path, _, _),
             let .recordFailure(path, _, _), let .forgetVolume(path, _):
            [path]
        case let .recordNames(files): files.map(\.path)
        case let .recordVolume(volume): [volume.mountPoint]
        }
    }
}

/// What became of one file, for `folioctl index`'s summary.
public enum FileReport: Equatable, Sendable {
    case finished(path: String, WorkerOutcome)
    /// Its worker died or was stopped while reading it.
    case lost(path: String, reason: String)
    /// A walk could not read it (or a folder), or its name cannot be used.
    case problem(path: String, reason: String)
}
