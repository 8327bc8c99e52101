public import FolioCore
internal import FolioProtocol
public import FolioStore
internal import FolioSystem
internal import FolioWatch
internal import Glibc

/// `folioctl index`: the daemon's engine run once over some files and folders, in the
/// foreground, until nothing is left to do. The same walk, comparison with the index,
/// worker pool (a crash in a C library costs one file, recorded as failed), OCR turns
/// and purge of what is gone as `foliod`; nothing is watched.
public struct IndexPass {
    public struct Progress: Sendable {
        /// Files done, those and the files waiting (the walk goes on meanwhile), the last one.
        public var done: Int
        public var total: Int
        public var path: String
    }

    let store: IndexStore
    let configuration: FolioConfiguration
    let home: String
    let workerArguments: [String]

    /// `configuration.daemon.workers` is how many workers run (0: one per core).
    public init(store: IndexStore, configuration: FolioConfiguration, home: String, workerArguments: [String]) {
        self.store = store
        self.configuration = configuration
        self.home = home
        self.workerArguments = workerArguments
    }

    /// Indexes `roots` (absolute) and what is below them, and purges the documents below
    /// them whose files are gone. Throws when the disk holding the index is full.
    public func run(_ roots: [String], progress: @escaping (Progress) -> Void = { _ in }) throws(StoreError) -> IndexSummary {
        var summary = IndexSummary()
        var existing: [String] = []
        let mounts = try? MountWatch().read()
        let volumes = try store.volumes()
        for root in roots {
            // A root on a volume the index knows that is not mounted now is offline: its
            // documents are kept, as foliod keeps them (`DaemonCore+Volumes`).
            if let mounts, let volume = volumes.first(where: { AbsolutePath.isInside(root, $0.mountPoint) && !mounts.isMounted($0.mountPoint) }) {
                summary.offlineRoots.append(OfflineRoot(path: root, mountPoint: volume.mountPoint))
                continue
            }
            guard (try? FileStatus.following(root)) != nil else {
                summary.missingRoots.append(root)
                summary.purged += try store.purge(.file(root)) + store.purge(.tree(root))
                continue
            }
            existing.append(root)
        }
        guard !existing.isEmpty else { return summary }
        var pass = configuration
        pass.folders = existing
        let engine = try IndexEngine(store: store, home: home, workerArguments: workerArguments, watches: nil, configuration: pass, mounts: mounts)
        var done = 0
        engine.onReport = { [unowned engine] report in
            summary.record(report)
            switch report {
            case let .finished(path, _), let .lost(path, _):
                done += 1
                let waiting = engine.core.pool.queued + engine.core.pool.reading.count
                progress(Progress(done: done, total: done + waiting, path: path))
            case .problem:
                break
            }
        }
        defer { engine.stop() }
        while true {
            engine.advanceWalks()
            if engine.core.isSettled { break }
            if engine.core.isWaitingForSpace { throw .diskFull(path: store.path, operation: "index") }
            var entries = engine.workerOutputs.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let timeout = engine.pollTimeout(atMost: 100)
            _ = try? systemCall("poll", path: "") { poll(&entries, nfds_t(entries.count), timeout) }
            engine.readWorkers(Set(entries.filter { $0.revents != 0 }.map(\.fd)))
            engine.advance()
        }
        summary.purged += engine.purged
        return summary
    }
}

/// A folder given to `folioctl index` on a file system that is not mounted.
public struct OfflineRoot: Sendable, Equatable {
    public var path: String
    public var mountPoint: String
}

/// What one `IndexPass` did.
public struct IndexSummary: Sendable, Equatable {
    public struct Failure: Sendable, Equatable {
        public var path: String
        public var reason: String
    }

    public var indexed = 0
    public var chunks = 0
    public var unchanged = 0
    /// Signature changed, content the same: nothing extracted.
    public var touched = 0
    /// Files of types Folio does not index.
    public var unsupported = 0
    /// Documents removed because their files are gone.
    public var purged = 0
    public var failures: [Failure] = []
    /// Indexed, with some text missing (the reason says what).
    public var partial: [Failure] = []
    /// Pages and images tesseract recognised (not counting those found in the OCR cache).
    public var ocrPages = 0
    /// Paths given to the run that do not exist.
    public var missingRoots: [String] = []
    /// Paths given to the run on a volume that is not mounted: their documents are kept.
    public var offlineRoots: [OfflineRoot] = []

    mutating func record(_ report: FileReport) {
        switch report {
        case let .finished(path, outcome):
            switch outcome {
            case let .indexed(chunks, ocrPages):
                indexed += 1
                self.chunks += chunks
                self.ocrPages += ocrPages
            case let .partial(chunks, ocrPages, reason):
                indexed += 1
                self.chunks += chunks
                self.ocrPages += ocrPages
                partial.append(Failure(path: path, reason: reason))
            case .unchanged: unchanged += 1
            case .touched: touched += 1
            case .unsupported: unsupported += 1
            case let .failed(reason): failures.append(Failure(path: path, reason: reason))
            case let .refused(refusal): failures.append(Failure(path: path, reason: refusal.message))
            case .putOff, .gone: break
            }
        case let .lost(path, reason): failures.append(Failure(path: path, reason: reason))
        case let .problem(path, reason): failures.append(Failure(path: path, reason: reason))
        }
    }
}
