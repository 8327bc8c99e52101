public import FolioCore
internal import FolioStore
internal import FolioSystem
internal import FolioWatch
internal import Logging
internal import Glibc

/// `foliod`: keeps the index equal to the configured folders.
///
/// One thread runs an event loop over `poll(2)`: inotify events go through the per-path
/// `Coalescer` into the `IndexQueue`; walks (at start-up, after an overflow, for a new or
/// moved-in folder, for folders inotify cannot watch) feed the queue while it has room;
/// up to `workers` child processes (`foliod-worker`, started when files wait and ended
/// after ten idle seconds) extract and store one file at a time;
/// the control socket answers `folioctl`. Renames and moves inside the watched tree only
/// change paths in the index. Extraction never runs in this process, so a crash or hang
/// in a C library costs one file: the worker is killed and replaced, and the file is
/// recorded as failed until it changes.
public final class Daemon {
    public struct Setup: Sendable {
        public var configuration: FolioConfiguration
        public var databasePath: String
        public var controlSocketPath: String
        public var home: String
        /// The worker program (`foliod-worker`) and its arguments.
        public var executable: String
        public var workerArguments: [String]
        public var environment: [String: String]
        /// Re-reads the configuration on `SIGHUP` and `reload`.
        public var reloadConfiguration: @Sendable () throws -> FolioConfiguration

        public init(configuration: FolioConfiguration, databasePath: String, controlSocketPath: String,
                    home: String, executable: String, workerArguments: [String], environment: [String: String],
                    reloadConfiguration: @escaping @Sendable () throws -> FolioConfiguration) {
            self.configuration = configuration
            self.databasePath = databasePath
            self.controlSocketPath = controlSocketPath
            self.home = home
            self.executable = executable
            self.workerArguments = workerArguments
            self.environment = environment
            self.reloadConfiguration = reloadConfiguration
        }
    }

    let setup: Setup
    var configuration: FolioConfiguration
    let store: IndexStore
    let watches: WatchTree
    let control: ControlServer
    let notifier: SystemdNotifier
    let logger = Logger(label: "folio.daemon")
    var folders: [String] = []
    var rules: ExcludeRules
    var coalescer: Coalescer<String>
    var queue = IndexQueue(capacity: 2048)
    var walks: [PendingWalk] = []
    /// The extraction processes running: started when files are queued, ended when
    /// idle (`retireIdleWorkers`).
    var workers: [Worker] = []
    /// Files put off while another worker recognised pages: they go first at the next turn.
    var putOff: Set<String> = []
    /// When a file was last handed to a worker (monotonic milliseconds).
    var lastWork: Int64 = 0
    /// Idle time after which the workers are ended.
    static let idleWorkerMilliseconds: Int64 = 10_000
    /// When starting a worker last failed, and how long to wait before trying again.
    var workerStartFailedAt: Int64?
    static let workerRestartPauseMilliseconds: Int64 = 5_000
    /// What a worker's start (loading its libraries, opening the index) may take before
    /// its first file's time limit begins.
    static let workerStartupMilliseconds: Int64 = 5_000
    var paused = false
    /// Set while the disk holding the index is full: when to try writing again.
    var spaceWait: Int64?
    var spaceRetryMilliseconds = firstSpaceRetryMilliseconds
    static let firstSpaceRetryMilliseconds: Int64 = 5_000
    static let lastSpaceRetryMilliseconds: Int64 = 60_000
    /// Paths whose change the database refused (`changeIndex`), and when to look at them
    /// again (`resync`): a while after a busy database, once space is back after a full disk.
    var unsynced: Set<String> = []
    var resyncAt: Int64?
    static let resyncMilliseconds: Int64 = 5_000
    /// How long the daemon's own changes wait for a worker's (or another process's)
    /// transaction: shorter than a worker's wait, since the loop answers `folioctl`
    /// meanwhile, and a refused change is made later anyway.
    static let busyTimeoutSeconds = 2
    var stopping = false
    /// Moves seen from one side only yet: cookie → path left, and when.
    var movesFrom: [UInt32: (path: String, isDirectory: Bool, at: Int64)] = [:]
    var completions: [Int64] = []
    var indexedSinceStart = 0
    var lastError: String?
    var nextRescan: Int64 = 0
    var lastStatusNotice: Int64 = 0

    /// A walk in progress: `seen` is kept for walks that reconcile (their folder's
    /// documents not seen are purged at the end).
    struct PendingWalk {
        var root: String
        var walk: DirectoryCrawler.Walk
        var seen: Set<String>?
    }

    public init(setup: Setup) throws {
        self.setup = setup
        configuration = setup.configuration
        store = try IndexStore(path: setup.databasePath, busyTimeoutSeconds: Self.busyTimeoutSeconds)
        watches = try WatchTree()
        control = try ControlServer(path: setup.controlSocketPath)
        notifier = SystemdNotifier(environment: setup.environment)
        rules = ExcludeRules(patterns: setup.configuration.exclude, home: setup.home)
        coalescer = Coalescer(quiet: Int64(setup.configuration.daemon.debounceMilliseconds),
                              maximumDelay: Int64(setup.configuration.daemon.maximumDelayMilliseconds))
    }

    /// Runs until SIGTERM or SIGINT; then finishes the files in hand and returns.
    public func run() throws {
        let signals = SignalPipe.install()
        // Background work: below the user's programs even when started by hand (the
        // systemd unit also sets Nice, CPUWeight and idle I/O). Workers inherit it.
        let process = __priority_which_t(PRIO_PROCESS.rawValue)
        if getpriority(process, 0) < 10 { setpriority(process, 0, 10) }
        applyFolders(configuration.folders)
        notifier.notify("READY=1")
        logger.info("started", metadata: ["folders": "\(folders)", "workers": "\(workerLimit)"])
        while !stopping {
            advanceWalks()
            grantOCRTurn()
            dispatch()
            let descriptors = [watches.inotify.descriptor, signals, control.listener] + control.clientDescriptors + workers.map(\.output)
            var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&entries, nfds_t(entries.count), pollTimeout())
            if ready < 0, errno != EINTR { throw SystemError(operation: "poll", path: "", code: errno) }
            let readable = Set(entries.filter { $0.revents != 0 }.map(\.fd))
            if readable.contains(signals) { handle(signals: SignalPipe.drain(signals)) }
            if readable.contains(watches.inotify.descriptor) { readEvents() }
            if readable.contains(control.listener) { control.accept() }
            for client in control.clientDescriptors where readable.contains(client) {
                if let command = control.readCommand(from: client) { control.answer(client, respond(to: command)) }
            }
            collectAnswers(from: readable)
            let now = Clock.milliseconds()
            expireMoves(at: now)
            for path in coalescer.takeReady(at: now) { changed(path) }
            killOverdueWorkers(at: now)
            retireIdleWorkers(at: now)
            retryAfterFullDisk(at: now)
            resync(at: now)
            rescanUnwatchedIfDue(at: now)
            notifyStatusIfDue(at: now)
        }
        notifier.notify("STOPPING=1")
        for worker in workers { _ = worker.stop(kill: false) }
        workers.removeAll()
    }

    /// How long poll may sleep: until the next debounce deadline, at most a second (for
    /// status and timeouts), not at all while a walk can go on.
    private func pollTimeout() -> Int32 {
        if !walks.isEmpty, !queue.isFull, !paused { return 0 }
        var timeout: Int64 = 1000
        if let deadline = coalescer.nextDeadline { timeout = min(timeout, max(0, deadline - Clock.milliseconds())) }
        if !movesFrom.isEmpty { timeout = min(timeout, 100) }
        return Int32(timeout)
    }

    private func handle(signals: [Int32]) {
        for signal in signals {
            switch signal {
            case SIGHUP: reload()
            default: stopping = true
            }
        }
    }
}

/// Monotonic milliseconds.
enum Clock {
    static func milliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
