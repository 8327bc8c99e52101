public import FolioCore
internal import FolioProtocol
internal import FolioStore
internal import FolioSystem
internal import FolioWatch
internal import Logging
internal import Glibc

/// `foliod`: keeps the index equal to the configured folders.
///
/// One thread runs an event loop over `poll(2)` around the `IndexEngine`: inotify events,
/// the workers' messages, control commands (`folioctl`) and signals go in as
/// `DaemonInput`s, and the core's actions are carried out. Extraction never runs in this
/// process, so a crash or hang in a C library costs one file: the worker is killed and
/// replaced, and the file is recorded as failed until it changes.
public final class Daemon {
    public struct Setup: Sendable {
        public var configuration: FolioConfiguration
        public var databasePath: String
        public var controlSocketPath: String
        public var home: String
        /// The worker program (`foliod-worker`) and its arguments.
        public var workerArguments: [String]
        public var environment: [String: String]
        /// Re-reads the configuration on `SIGHUP` and `reload`.
        public var reloadConfiguration: @Sendable () throws -> FolioConfiguration

        public init(configuration: FolioConfiguration, databasePath: String, controlSocketPath: String, home: String,
                    workerArguments: [String], environment: [String: String],
                    reloadConfiguration: @escaping @Sendable () throws -> FolioConfiguration) {
            self.configuration = configuration
            self.databasePath = databasePath
            self.controlSocketPath = controlSocketPath
            self.home = home
            self.workerArguments = workerArguments
            self.environment = environment
            self.reloadConfiguration = reloadConfiguration
        }
    }

    /// How long the daemon's own changes wait for a worker's (or another process's)
    /// transaction: shorter than a worker's wait, since the loop answers `folioctl`
    /// meanwhile, and a refused change is made later anyway.
    static let busyTimeoutSeconds = 2

    let setup: Setup
    private let watches: WatchTree
    private let control: LineServer
    private let notifier: SystemdNotifier
    private let logger = Logger(label: "folio.daemon")
    private var engine: IndexEngine?
    /// The embedder process, when semantic search is on.
    private let embedder: EmbedderSupervisor?
    private var stopping = false
    private var watchCounts = (watched: 0, unwatched: 0)
    /// Whether the look for damage (`lookForDamage`) found a damage note or the index file replaced.
    private var damageFound = false
    /// The index file foliod opened: another at its path means it was replaced.
    private var indexInode: UInt64?

    public init(setup: Setup) throws {
        self.setup = setup
        watches = try WatchTree()
        control = try LineServer(path: setup.controlSocketPath)
        notifier = SystemdNotifier(environment: setup.environment)
        embedder = setup.configuration.embeddings.provider == .none ? nil : EmbedderSupervisor(arguments: setup.workerArguments)
    }

    /// How a run ended.
    public enum Ending: Equatable, Sendable {
        /// SIGTERM or SIGINT.
        case stopped
        /// The index was found damaged while foliod ran (`DamageMarker`), or its file
        /// removed, replaced or emptied: the program starts again, and its start rebuilds
        /// a damaged index (`openIndex`).
        case indexDamaged
    }

    /// Runs until SIGTERM or SIGINT, or until the index is found damaged; then finishes the
    /// files in hand and returns.
    public func run() throws -> Ending {
        let loop = EventLoop(signals: [SIGTERM, SIGINT, SIGHUP])
        // Background work: below the user's programs even when started by hand (the
        // systemd unit also sets Nice, CPUWeight and idle I/O). Workers inherit it.
        let process = __priority_which_t(PRIO_PROCESS.rawValue)
        if getpriority(process, 0) < 10 { setpriority(process, 0, 10) }
        guard let store = try openIndex(loop) else {
            notifier.notify("STOPPING=1")
            return .stopped
        }
        if RunNote.begin(databasePath: setup.databasePath) { checkAfterUncleanStop() }
        indexInode = try? FileStatus.of(setup.databasePath).inode
        let indexFolder = watchIndexFolder()
        let mounts = MountFollower(now: MonotonicClock.milliseconds())
        let engine = try IndexEngine(store: store, home: setup.home, workerArguments: setup.workerArguments, watches: watches,
                                     configuration: setup.configuration.watchingMailboxFolders, mounts: mounts.read())
        self.engine = engine
        notifier.notify("READY=1")
        logger.info("started", metadata: ["folders": "\(setup.configuration.folders)"])
        while !stopping {
            engine.advanceWalks()
            reportWatchCounts(to: engine)
            let descriptors = [watches.inotify.descriptor, control.listener] + control.clientDescriptors + engine.workerOutputs
                + (indexFolder.map { [$0.descriptor] } ?? [])
            let wake = loop.wait(reading: descriptors, extra: mounts.pollEntry.map { [$0] } ?? [], deadline: engine.nextDeadline)
            let readable = wake.readable
            handle(signals: wake.signals)
            if readable.contains(watches.inotify.descriptor) { readEvents(into: engine, mounts: mounts) }
            if let table = mounts.table(after: wake.entries, now: MonotonicClock.milliseconds()) { engine.mounted(table) }
            if readable.contains(control.listener) { control.accept() }
            for client in control.clientDescriptors where readable.contains(client) {
                guard let line = control.readLine(from: client) else { continue }
                control.answer(client, respond(to: line, engine: engine).line)
            }
            engine.readWorkers(readable)
            engine.advance()
            if embedder?.update(settled: engine.core.isSettled && !engine.core.paused, at: MonotonicClock.milliseconds()) == true {
                engine.feed(.embedding)
            }
            if let indexFolder, readable.contains(indexFolder.descriptor) {
                _ = try? indexFolder.read()
                engine.feed(.indexFolderChanged)
            }
            for chore in engine.dueChores() {
                switch chore {
                case .tendSearchTables: tendSearchTables(store, engine: engine)
                case .notifyStatus: notifyStatus(engine)
                case .lookForDamage: lookForDamage()
                }
            }
        }
        notifier.notify("STOPPING=1")
        embedder?.stop()
        engine.stop()
        RunNote.end(databasePath: setup.databasePath)
        return damageFound ? .indexDamaged : .stopped
    }

    /// The last run ended without a clean stop: the index is checked on a thread of its own
    /// (`IndexCheck`), foliod indexing and answering meanwhile; damage found is noted, and
    /// foliod's look for damage rebuilds the index. The thread is not joined: the check only
    /// reads, and a stop need not wait for it.
    private func checkAfterUncleanStop() {
        let path = setup.databasePath
        let logger = logger
        logger.warning("foliod did not stop cleanly last time: the index is checked in the background", metadata: ["index": "\(path)"])
        _ = BackgroundThread {
            let started = MonotonicClock.milliseconds()
            do {
                if let found = try IndexCheck.quick(path: path) {
                    logger.error("the check after an unclean stop found the index damaged", metadata: ["damage": "\(found)"])
                } else {
                    logger.notice("the index is sound", metadata: ["checked in": "\(MonotonicClock.milliseconds() - started) ms"])
                }
            } catch {
                logger.warning("the index could not be checked after an unclean stop", metadata: ["reason": "\(error)"])
            }
        }
    }

    /// The index, rebuilt first when it is noted damaged or shows damage as it opens: a
    /// damaged index must not stop foliod for good. The folders are then indexed as on a
    /// first start, text first, with the recognised text and vectors that still read.
    /// While the disk holding the index is too full to rebuild it, foliod waits
    /// (`waitForSpace`) and tries again; `nil` when it was stopped meanwhile.
    private func openIndex(_ loop: EventLoop) throws(StoreError) -> IndexStore? {
        var waiting = false
        while true {
            do {
                let (store, rebuilt) = try IndexRepair.openRebuildingIfDamaged(path: setup.databasePath, busyTimeoutSeconds: Self.busyTimeoutSeconds, now: Int64(time(nil)))
                if let rebuilt {
                    logger.error("the index was damaged: moved aside and rebuilt; its folders are indexed again",
                                 metadata: ["damage": "\(rebuilt.reason)", "recognised pages kept": "\(rebuilt.ocrPages)", "vectors kept": "\(rebuilt.vectors)",
                                            "damaged copy": "\(rebuilt.keptAt ?? "none")", "unreadable ranges": "\(rebuilt.unreadableRanges)"])
                }
                return store
            } catch .diskFull(let path, let operation) {
                if !waiting {
                    logger.error("the index cannot be rebuilt: the disk holding it is full; foliod waits for space and tries again",
                                 metadata: ["index": "\(path)", "failed": "\(operation)"])
                }
                waiting = true
                guard waitForSpace(loop) else { return nil }
            }
        }
    }

    /// Waits until the disk holding the index has more space than when the rebuild last
    /// failed (or a minute has passed), answering `folioctl status` meanwhile: a daemon that
    /// exited instead would be restarted by systemd into the same failure until its start
    /// limit, and would tell the user nothing. `false` when SIGTERM or SIGINT came.
    private func waitForSpace(_ loop: EventLoop) -> Bool {
        let folder = setup.databasePath.lastIndex(of: "/").map { String(setup.databasePath[..<$0]) } ?? "."
        let warning = "the index was found damaged, and the disk holding it is too full to rebuild it: free some space on the disk holding \(folder); "
            + "foliod rebuilds it then by itself"
        let wait = SpaceWait(freeBytes: Self.freeBytes(folder), at: MonotonicClock.milliseconds())
        notifier.notify("READY=1")
        notifier.notify("STATUS=disk_full; " + warning)
        while !stopping {
            let wake = loop.wait(reading: [control.listener] + control.clientDescriptors, deadline: wait.deadline)
            handle(signals: wake.signals)
            if wake.readable.contains(control.listener) { control.accept() }
            for client in control.clientDescriptors where wake.readable.contains(client) {
                guard let line = control.readLine(from: client) else { continue }
                control.answer(client, waitingReply(to: line, warning: warning).line)
            }
            if wait.isOver(freeBytes: Self.freeBytes(folder), now: wake.now) { return true }
        }
        return false
    }

    /// The answer to a control command while foliod waits to rebuild the index: its status,
    /// or why it cannot do what was asked yet.
    private func waitingReply(to line: [UInt8], warning: String) -> ControlReply {
        guard case .status = try? ControlCommand(line: line) else { return .failed(reason: warning) }
        var status = DaemonStatus(state: .diskFull, pid: getpid(), database: setup.databasePath, folders: setup.configuration.folders,
                                  watchedDirectories: 0, unwatchedDirectories: 0, queued: 0, debouncing: 0, current: [], recognising: [],
                                  indexedSinceStart: 0, filesPerSecond: 0, secondsLeft: nil, lastError: nil, warning: warning)
        status.embedderPid = embedder?.pid
        return .status(status)
    }

    /// Bytes free to this user on the filesystem holding `folder` (0 when it cannot be told).
    private static func freeBytes(_ folder: String) -> UInt64 {
        var figures = statvfs()
        guard statvfs(folder, &figures) == 0 else { return 0 }
        return UInt64(figures.f_bavail) * UInt64(figures.f_frsize)
    }

    /// Events in the index's folder (a damage note written, the index file removed or
    /// replaced) wake the loop, so that foliod acts on them at once rather than at its next
    /// look. `nil` when the folder cannot be watched: the look once a second remains.
    private func watchIndexFolder() -> Inotify? {
        let path = setup.databasePath
        guard let folder = path.lastIndex(of: "/").map({ String(path[..<$0]) }), let inotify = try? Inotify(),
              // Names coming and going only: every search closes the index's shared-memory
              // file after writing it, which must not wake foliod.
              (try? inotify.watch(folder.isEmpty ? "/" : folder, mask: Inotify.Mask.create | Inotify.Mask.delete
                  | Inotify.Mask.movedFrom | Inotify.Mask.movedTo)) != nil else { return nil }
        return inotify
    }

    /// Once a second, and at once when the index's folder changes (`DaemonChore`): has a
    /// process noted the index damaged (`DamageMarker`), or has its
    /// file been removed, replaced or emptied under foliod (which would go on writing to a
    /// file no one reads)? Then foliod stops, and starts again: to rebuild a damaged
    /// index, or to index the folders into the file now at the index's path.
    private func lookForDamage() {
        let path = setup.databasePath
        if let note = DamageMarker.found(path: path) {
            logger.error("the index was found damaged; foliod starts again to rebuild it", metadata: ["damage": "\(note.reason)"])
        } else {
            guard let indexInode else { return }
            let file = try? FileStatus.of(path)
            guard file == nil || file?.inode != indexInode || file?.size == 0 else { return }
            logger.error("the index file was removed, replaced or emptied while foliod ran; foliod starts again to index the folders into it",
                         metadata: ["index": "\(path)"])
        }
        damageFound = true
        stopping = true
    }

    /// A step of the upkeep of the tables that keep queries fast (chunk lengths, champion lists).
    private func tendSearchTables(_ store: IndexStore, engine: IndexEngine) {
        do {
            engine.feed(.searchTablesTended(pending: try store.tendSearchTables()))
        } catch {
            engine.feed(.searchTablesTended(pending: false))
            logger.warning("the search tables (chunk lengths, lists of frequent words) were not brought up to date; tried again in 10 s", metadata: ["reason": "\(error)"])
        }
    }

    private func handle(signals: [Int32]) {
        for signal in signals {
            switch signal {
            case SIGHUP: _ = reload()
            default: stopping = true
            }
        }
    }

    /// The watch counts change as walks watch folders: the core hears of each change.
    private func reportWatchCounts(to engine: IndexEngine) {
        let counts = (watches.watchedCount, watches.unwatched.count)
        guard counts != watchCounts else { return }
        watchCounts = counts
        engine.feed(.watches(watched: counts.0, unwatched: counts.1))
    }

    /// Reads and hands over the inotify events waiting.
    private func readEvents(into engine: IndexEngine, mounts: MountFollower) {
        let events: [Inotify.Event]
        do {
            events = try watches.inotify.read()
        } catch {
            return engine.feed(.failed("\(error)"))
        }
        for event in events {
            if event.mask & Inotify.Mask.overflow != 0 {
                engine.feed(.overflow)
                continue
            }
            if event.mask & Inotify.Mask.unmount != 0 { mounts.unmountSeen() }
            if event.mask & Inotify.Mask.ignored != 0 {
                watches.forget(event.watch)
                continue
            }
            guard let directory = watches.path(of: event.watch), let name = event.name else { continue }
            guard event.nameIsValidUTF8 else {
                // Such a name cannot be stored as a path; the walks report it (folioctl index).
                logger.notice("file name is not valid UTF-8; not indexed", metadata: ["folder": "\(directory)", "name": "\(name)"])
                continue
            }
            if let fileEvent = FileEvent(event, path: directory + "/" + name) { engine.feed(.file(fileEvent)) }
        }
    }

    /// Answers one control command.
    private func respond(to line: [UInt8], engine: IndexEngine) -> ControlReply {
        let command: ControlCommand
        do {
            command = try ControlCommand(line: line)
        } catch {
            return .failed(reason: "\(error)")
        }
        switch command {
        case .status:
            var status = engine.core.status(pid: getpid(), databasePath: setup.databasePath, now: MonotonicClock.milliseconds())
            status.embedderPid = embedder?.pid
            status.embedderExit = embedder?.lastExit
            return .status(status)
        case .pause:
            engine.feed(.pause)
            return .done
        case .resume:
            engine.feed(.resume)
            return .done
        case .reload:
            return reload()
        case let .reindex(path):
            let root = path.map { AbsolutePath.normalise(FolioPaths.expandingTilde($0, home: setup.home), relativeTo: "/") }
            do {
                try engine.store.invalidate(root.map { .tree($0) } ?? .everything)
            } catch {
                return .failed(reason: "\(error)")
            }
            engine.feed(.reindexed(root: root))
            return .done
        case .startEmbedder:
            guard let embedder else {
                return .failed(reason: "foliod's configuration has no search by meaning ([embeddings] provider = \"none\"); restart foliod after changing it")
            }
            let running = embedder.pid != nil
            if let reason = embedder.startOnRequest(at: MonotonicClock.milliseconds()) { return .failed(reason: reason) }
            if !running, engine.core.isSettled, !engine.core.paused { engine.feed(.embedding) }
            return .done
        }
    }

    /// Re-reads the configuration and applies it (folders, exclusions, timings).
    private func reload() -> ControlReply {
        guard let engine else { return .failed(reason: "foliod is starting") }
        do {
            let fresh = try setup.reloadConfiguration()
            engine.feed(.configure(fresh.watchingMailboxFolders))
            logger.info("configuration reloaded", metadata: ["folders": "\(fresh.folders)"])
            return .done
        } catch {
            engine.feed(.failed("\(error)"))
            return .failed(reason: "\(error)")
        }
    }

    /// A STATUS line for systemd (once a second: `DaemonChore`).
    private func notifyStatus(_ engine: IndexEngine) {
        let now = MonotonicClock.milliseconds()
        let current = engine.core.status(pid: getpid(), databasePath: setup.databasePath, now: now)
        var line = "\(current.state.rawValue)"
        if current.queued > 0 { line += ", \(current.queued) queued" }
        line += ", \(current.indexedSinceStart) indexed"
        if let warning = current.warning { line += "; " + warning }
        notifier.notify("STATUS=" + line)
    }
}
