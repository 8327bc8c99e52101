public import FolioCore
internal import FolioProtocol
internal import FolioSystem
internal import FolioWatch

/// Every decision of `foliod`, without any I/O: inputs in (`DaemonInput`: file events,
/// walk results, worker messages, control commands, refused writes), actions out
/// (`DaemonAction`: start or stop a worker, hand out a file, walk a folder, write to the
/// index, look at a file), with the time (monotonic milliseconds) passed in. The event loop
/// (`Daemon`) carries the actions out; tests drive the core with tables of inputs.
///
/// Changes seen by inotify settle per path (`Coalescer`) and go to the workers' queue
/// (`WorkerPool`); walks (at start, after an overflow, for a new or moved-in folder, for
/// folders inotify cannot watch, after a refused write) feed the queue while it has room.
/// Renames and moves inside the watched folders only change paths in the index. A write
/// the database refuses is made later (`resync`); a full disk stops the hand-out until
/// there is space (`retryAfterFullDisk`). A folder on a file system that is not mounted is
/// offline, its documents kept (`DaemonCore+Volumes`).
public struct DaemonCore: Sendable {
    var configuration = FolioConfiguration.default
    /// What each file is read as, mailboxes told by the configuration.
    private(set) var kinds = FileKinds()
    /// Expands `~` in the configuration's folders and exclusions.
    let home: String
    /// The cores, for the worker limit when the configuration leaves it at 0.
    let cores: Int
    /// The watched folders, absolute.
    private(set) var folders: [String] = []
    var rules: ExcludeRules
    var coalescer: Coalescer<String>
    public internal(set) var pool: WorkerPool
    var walks: [PendingWalk] = []
    /// The last walk's number.
    var walkCounter = 0
    public internal(set) var paused = false
    /// Set while the disk holding the index is full: when to try writing again.
    var spaceWait: Int64?
    var spaceRetryMilliseconds = Self.firstSpaceRetryMilliseconds
    static let firstSpaceRetryMilliseconds: Int64 = 5_000
    static let lastSpaceRetryMilliseconds: Int64 = 60_000
    /// Paths whose change the database refused, and when to look at them again (`resync`):
    /// a while after a busy database, once space is back after a full disk.
    var unsynced: Set<String> = []
    var resyncAt: Int64?
    static let resyncMilliseconds: Int64 = 5_000
    /// Moves seen from one side only yet: cookie → path left, and when.
    var movesFrom: [UInt32: (path: String, isDirectory: Bool, at: Int64)] = [:]
    /// A move whose other half has not come within this time left the watched folders.
    static let moveMilliseconds: Int64 = 100
    /// When files were indexed over the last minute, for the rate.
    var completions: [Int64] = []
    var indexedSinceStart = 0
    var lastError: String?
    var nextRescan: Int64 = 0
    var watched = 0
    var unwatched = 0
    /// The file systems the folders are on or hold, by mount point, as the index keeps them
    /// (`DaemonCore+Volumes`).
    var volumes: [String: Volume] = [:]
    /// The mount table last read; `nil` until the loop reads one (every folder is taken as
    /// present then).
    var mountTable: MountTable?
    /// The wall clock (unix seconds) at the last mount table: when a volume went offline.
    var wallSeconds: Int64 = 0
    /// Whether a configuration was taken (volumes concern its folders).
    var configured = false
    /// A volume's record was refused: they are all written again with the next mount table.
    var volumesUnsaved = false
    /// foliod's timed chores (`DaemonCore+Chores`).
    var chores = ChoreTimes()

    /// A walk in progress: `seen` is kept for walks that reconcile (their folder's
    /// documents not seen are purged at the end).
    struct PendingWalk: Sendable {
        var id: WalkID
        var root: String
        var seen: Set<String>?
        /// Files known by their names that the walk found new or changed, not recorded yet.
        var names: [NamedFile] = []
    }

    let database: String?

    /// Files known by their names recorded in one transaction: a transaction each spent
    /// more on committing than on the writing.
    package static let namesPerTransaction = 1_000

    /// `database`: the index's path. It and the files beside it named after it (its WAL,
    /// its shared memory, a damaged copy) are never indexed, even when a watched folder
    /// holds them: every file has a name in the index, and recording the WAL's would
    /// change the WAL, without end. (Not its whole folder: `--db` may name a file anywhere.)
    public init(home: String, cores: Int = 1, database: String? = nil) {
        self.home = home
        self.cores = cores
        self.database = database
        rules = ExcludeRules(patterns: [], home: home)
        coalescer = Coalescer(quiet: 0, maximumDelay: 0)
        pool = WorkerPool(settings: .init(limit: 1, fileTimeoutMilliseconds: 0))
    }

    /// How many workers may run: `workers`, or one per core.
    public static func workerLimit(_ configuration: FolioConfiguration, cores: Int) -> Int {
        max(1, configuration.daemon.workers > 0 ? configuration.daemon.workers : cores)
    }

    /// Handles one input; the actions are to be carried out in order.
    public mutating func handle(_ input: DaemonInput, now: Int64) -> [DaemonAction] {
        var actions: [DaemonAction] = []
        switch input {
        case let .configure(configuration): actions = configure(configuration, now: now)
        case let .volumes(stored): know(stored)
        case let .mounts(table, seconds): actions = mounted(table, at: seconds)
        case let .file(event): actions = handle(event, now: now)
        case let .searchTablesTended(pending): searchTablesTended(pending: pending)
        case .indexFolderChanged: indexFolderChanged()
        case .overflow:
            actions = [.log(.warning, "inotify queue overflowed; walking every folder again", path: nil)]
            actions += folders.filter { offlineVolume(holding: $0) == nil }.flatMap { startWalk($0, reconcile: true) }
        case let .walked(id, item): actions = walked(item, in: id)
        case let .walkEnded(id): actions = walkEnded(id)
        case let .examined(path, status, reason): actions = examined(path, status: status, reason, now: now)
        case let .worker(id, message): actions = absorb(pool.received(message, from: id, now: now), now: now)
        case let .workerFailed(id, reason):
            actions = [.log(.warning, "worker replaced: \(reason)", path: nil)] + absorb(pool.failed(id, reason: reason, now: now), now: now)
        case let .workerStartFailed(id, reason): actions = absorb(([], pool.startFailed(id, reason: reason, now: now)), now: now)
        case let .refused(change, refusal): actions = refused(change, refusal, now: now)
        case let .failed(message): actions = record(message)
        case .pause: paused = true
        case .resume: paused = false
        case let .reindexed(root): actions = reindexed(root)
        case let .watches(watched, unwatched):
            self.watched = watched
            self.unwatched = unwatched
        case .embedding: actions = pool.endIdleWorkers().map(DaemonAction.worker)
        case .stop: actions = pool.stopAll().map(DaemonAction.worker)
        }
        return actions + dispatch(now: now)
    }

    /// What time alone decides: moves whose other half never came, settled files, workers
    /// past their time limit or idle, the retries after a full disk or a busy database,
    /// the rescan of folders inotify cannot watch. Called at every turn of the loop.
    public mutating func advance(now: Int64) -> [DaemonAction] {
        var actions = expireMoves(now: now)
        actions += coalescer.takeReady(at: now).map { .examine($0, .settled) }
        actions += absorb(pool.tick(now: now), now: now)
        actions += retryAfterFullDisk(now: now)
        actions += resync(now: now)
        actions += rescanUnwatchedIfDue(now: now)
        return actions + dispatch(now: now)
    }

    /// The pool's actions, then what the core does about what became of its files.
    private mutating func absorb(_ result: (actions: [WorkerAction], events: [WorkerPool.Event]), now: Int64) -> [DaemonAction] {
        result.actions.map(DaemonAction.worker) + result.events.flatMap { handle($0, now: now) }
    }

    /// Hands out queued files (`WorkerPool.dispatch`), but none while paused or while the
    /// disk is full.
    private mutating func dispatch(now: Int64) -> [DaemonAction] {
        pool.dispatch(holding: paused || spaceWait != nil, now: now).map(DaemonAction.worker)
    }

    /// When the core next needs `advance` without any input: the next debounce deadline,
    /// or soon while a move waits for its other half; `nil` for no deadline of its own.
    public func wakeUp(now: Int64) -> Int64? {
        let moves = movesFrom.isEmpty ? nil : movesFrom.values.map { $0.at + Self.moveMilliseconds }.min()
        return [coalescer.nextDeadline, moves, resyncAt, spaceWait].compactMap { $0 }.min()
    }

    /// Whether the loop should feed items of the first walk: one is under way, the queue
    /// has room, and indexing is not paused.
    public var wantsWalkItems: Bool { !walks.isEmpty && !pool.queueIsFull && !paused }
    /// The walk whose items are wanted (walks are fed one after another).
    public var currentWalk: WalkID? { walks.first?.id }

    /// Nothing left to do: no walk, no file queued, settling or in hand, and no write to
    /// make again. `folioctl index` ends then.
    public var isSettled: Bool {
        walks.isEmpty && pool.isIdle && coalescer.count == 0 && movesFrom.isEmpty && resyncAt == nil && unsynced.isEmpty
    }

    /// Whether the disk holding the index is full (indexing waits for space).
    public var isWaitingForSpace: Bool { spaceWait != nil }

    // MARK: Configuration

    /// Takes a configuration: the watched folders become its folders (new ones walked and
    /// reconciled, dropped ones unwatched and their documents purged).
    private mutating func configure(_ fresh: FolioConfiguration, now: Int64) -> [DaemonAction] {
        configuration = fresh
        rules = ExcludeRules(patterns: fresh.exclude + (database.map { [$0, $0 + "[-.]*"] } ?? []), home: home)
        kinds = FileKinds(fresh, home: home)
        coalescer = Coalescer(quiet: Int64(fresh.daemon.debounceMilliseconds), maximumDelay: Int64(fresh.daemon.maximumDelayMilliseconds))
        pool.settings = .init(limit: Self.workerLimit(fresh, cores: cores), fileTimeoutMilliseconds: Int64(fresh.daemon.fileTimeoutSeconds) * 1000)
        let wanted = fresh.folders.map { AbsolutePath.normalise(FolioPaths.expandingTilde($0, home: home), relativeTo: "/") }
        var actions: [DaemonAction] = []
        let removedFolders = folders.filter { !wanted.contains($0) }
        let added = wanted.filter { !folders.contains($0) }
        folders = wanted
        configured = true
        // Volumes of the folders dropped are forgotten first: their documents go with the
        // folder, offline or not.
        actions += forgetVolumes(of: removedFolders) + reconcileVolumes(walkingArrivals: false)
        for removed in removedFolders {
            actions.append(.unwatch(tree: removed))
            pool.remove(tree: removed)
            for walk in walks where AbsolutePath.isInside(walk.root, removed) { actions.append(.cancelWalk(walk.id)) }
            walks.removeAll { AbsolutePath.isInside($0.root, removed) }
            actions += changeIndex(.purge(removed, tree: true))
        }
        for folder in added {
            if let volume = offlineVolume(holding: folder) {
                actions.append(.log(.notice, "offline: \(volume.mountPoint) is not mounted; the documents indexed from it are kept", path: folder))
            } else {
                actions += startWalk(folder, reconcile: true)
            }
        }
        nextRescan = now + Int64(fresh.daemon.rescanIntervalSeconds) * 1000
        return actions
    }

    /// Whether `path` is inside a watched folder and not excluded.
    func isIndexable(_ path: String) -> Bool {
        guard let folder = folders.first(where: { AbsolutePath.isInside(path, $0) }) else { return false }
        if !configuration.includeHidden, path.dropFirst(folder.count).split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            return false
        }
        return !rules.excludesAnyComponent(of: path, below: folder)
    }

    // MARK: Errors

    /// Shows `message` as the last error (`folioctl status`) and logs it.
    mutating func record(_ message: String) -> [DaemonAction] {
        lastError = message
        return [.log(.error, message, path: nil)]
    }
}
