internal import FolioCore
internal import FolioProtocol
internal import FolioStore
internal import FolioSystem
internal import FolioWatch
internal import Logging
internal import Glibc

/// The one indexing engine: a `DaemonCore` and what carries out its actions (worker
/// processes, walks, the daemon's own writes). `Daemon` adds inotify, the control socket
/// and signals around it; `IndexPass` (`folioctl index`) runs it over a few folders until
/// it is settled. Nothing here decides: each action is done, and what came of it goes
/// back to the core.
final class IndexEngine {
    private(set) var core: DaemonCore
    let store: IndexStore
    private let writer: IndexWriter
    private let processes: WorkerProcesses
    /// The inotify watches a walk adds folders to; `nil` when nothing is watched.
    let watches: WatchTree?
    private var walks: [WalkID: DirectoryCrawler.Walk] = [:]
    private let logger = Logger(label: "folio.daemon")
    /// Actions not yet carried out; inputs that come of one are handled before the next.
    private var pending: [DaemonAction] = []
    private var draining = false
    /// Set once a change was refused for a busy database, until the actions in hand are
    /// done: the changes after it would each wait out the busy timeout too, so they are
    /// refused at once, and made with the rest later (`DaemonCore.resync`).
    private var databaseBusy: StoreRefusal?
    /// Called with what became of each file (`folioctl index`'s summary).
    var onReport: (FileReport) -> Void = { _ in }
    /// Documents removed by the daemon's own changes.
    private(set) var purged = 0

    /// Throws when the index cannot say which volumes it knows: without them a folder on a
    /// drive not plugged in would be taken for deleted.
    init(store: IndexStore, home: String, workerArguments: [String], watches: WatchTree?, configuration: FolioConfiguration,
         mounts: MountTable?) throws(StoreError) {
        self.store = store
        writer = IndexWriter(store: store)
        processes = WorkerProcesses(arguments: workerArguments)
        self.watches = watches
        PendingNames.removeAbandoned(beside: store.path)
        core = DaemonCore(home: home, cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), database: store.path)
        feed(.volumes(try store.volumes()))
        if let mounts { mounted(mounts) }
        feed(.configure(configuration))
    }

    /// The mount table read now (at start, after a mount or unmount, and now and then).
    func mounted(_ table: MountTable) {
        feed(.mounts(table, at: Int64(time(nil))))
    }

    /// The worker processes' outputs, for `poll`.
    var workerOutputs: [Int32] { processes.outputs }

    /// Hands an input to the core and carries out what it asks.
    func feed(_ input: DaemonInput) {
        run(core.handle(input, now: MonotonicClock.milliseconds()))
    }

    /// Lets the core act on time (settled files, time limits, retries).
    func advance() {
        run(core.advance(now: MonotonicClock.milliseconds()))
    }

    /// How long the loop may wait for the workers (and whatever else it polls) before the
    /// core needs it: not at all while a walk can go on, at most `longest` milliseconds.
    func pollTimeout(atMost longest: Int64) -> Int32 {
        if core.wantsWalkItems { return 0 }
        let now = MonotonicClock.milliseconds()
        return Int32(min(longest, core.wakeUp(now: now).map { max(0, $0 - now) } ?? longest))
    }

    /// When the loop must wake next (monotonic milliseconds): a walk's items wanted, the
    /// core's next deadline, or its next chore (`DaemonChore`).
    var nextDeadline: Int64 {
        let now = MonotonicClock.milliseconds()
        if core.wantsWalkItems { return now }
        return [core.wakeUp(now: now), core.choresDeadline(now: now)].compactMap { $0 }.min()!
    }

    /// The chores due now, taken as done.
    func dueChores() -> [DaemonChore] {
        core.dueChores(now: MonotonicClock.milliseconds())
    }

    /// Feeds walk items while the core wants them, for about `budget` milliseconds at most:
    /// a walk of files known by their names alone never fills the queue, and while it went
    /// on the loop answered neither the control socket nor signals nor inotify (`folioctl
    /// status` waited 4 s for a walk of 100,000 names). The loop comes back at once while
    /// the core wants more (`nextDeadline`).
    func advanceWalks(forAtMost budget: Int64 = 50) {
        let until = MonotonicClock.milliseconds() + budget
        var fed = 0
        while core.wantsWalkItems, let id = core.currentWalk {
            fed += 1
            if fed % Self.itemsBetweenClockReadings == 0, MonotonicClock.milliseconds() >= until { return }
            guard walks[id] != nil else { return feed(.walkEnded(id)) }
            // In place: a copy of the walk would copy its pending folders at every item.
            let item = walks[id]!.next()
            if item == nil { walks[id] = nil }
            switch item {
            case nil:
                feed(.walkEnded(id))
                PendingNames.remove(walk: id.value, beside: store.path)
            case let .file(path, status)?:
                feed(.walked(id, .file(path: path, status: status, stored: storedSignature(path))))
            case let .problem(path, reason)?:
                feed(.walked(id, .problem(path: path, reason: reason)))
            }
        }
    }

    /// How many walk items are fed between two readings of the clock.
    static let itemsBetweenClockReadings = 256

    /// Reads what the workers whose outputs are readable said.
    func readWorkers(_ readable: Set<Int32>) {
        for report in processes.read(readable) { feed(Self.input(report)) }
    }

    /// Ends the workers, letting each finish its file.
    func stop() {
        feed(.stop)
        processes.stopAll()
        // A walk left unfinished leaves no list behind: the next start walks again.
        for id in walks.keys { PendingNames.remove(walk: id.value, beside: store.path) }
    }

    /// Lists the files below `root` by name before the walk compares each with the index:
    /// searches find them by name from then on (`PendingNames`). Only for a folder the
    /// index holds nothing of (a first walk, a drive seen for the first time): the walk of
    /// a folder it holds finds the changes since, and listing all its names again would
    /// cost every start-up of foliod a second walk. A list that cannot be written costs
    /// only that: the walk records the names as before.
    private func listNames(_ crawler: DirectoryCrawler, _ root: String, walk: WalkID) {
        guard (try? store.holdsDocuments(atOrBelow: root)) == false else { return }
        let files = crawler.files(below: root).map { (path: $0, kind: core.kinds.kind(of: $0)) }
        do {
            try PendingNames.write(files, walk: walk.value, beside: store.path)
        } catch {
            logger.notice("\(error)")
        }
    }

    private func storedSignature(_ path: String) -> StoredSignature {
        do {
            return try store.storedSignature(at: path).map { .stored($0.signature, kind: $0.kind) } ?? .absent
        } catch {
            return .unknown("\(error)")
        }
    }

    private func run(_ actions: [DaemonAction]) {
        pending += actions
        guard !draining else { return }
        draining = true
        defer {
            draining = false
            databaseBusy = nil
        }
        // First in, first out, a round at a time: what an action feeds back runs after the
        // round (a walk's batch reports a thousand files; removing each from the front of
        // the array moved all the others).
        while !pending.isEmpty {
            let round = pending
            pending = []
            for action in round { perform(action) }
        }
    }

    private func perform(_ action: DaemonAction) {
        switch action {
        case let .worker(workerAction):
            if let report = processes.perform(workerAction) { feed(Self.input(report)) }
        case let .walk(id, root):
            let crawler = DirectoryCrawler(includeHidden: core.configuration.includeHidden, rules: core.rules)
            listNames(crawler, root, walk: id)
            let watches = watches
            walks[id] = crawler.walk(root) { directory in watches?.watch(directory) }
        case let .cancelWalk(id):
            walks[id] = nil
            PendingNames.remove(walk: id.value, beside: store.path)
        case let .change(change):
            if let busy = databaseBusy { return feed(.refused(change, busy)) }
            switch writer.make(change, kinds: core.kinds) {
            case let .success(count):
                purged += count
            case let .failure(refusal):
                if refusal.reason == .busy { databaseBusy = refusal }
                feed(.refused(change, refusal))
            }
        case let .examine(path, reason):
            feed(.examined(path, try? FileStatus.of(path), reason))
        case let .unwatch(tree):
            watches?.unwatch(tree: tree)
        case let .renameWatches(old, new):
            watches?.rename(tree: old, to: new)
        case let .report(report):
            onReport(report)
        case let .log(level, message, path):
            logger.log(level: level, "\(message)", metadata: path.map { ["path": "\($0)"] })
        }
    }

    private static func input(_ report: WorkerProcesses.Report) -> DaemonInput {
        switch report {
        case let .message(id, message): .worker(id, message)
        case let .failed(id, reason): .workerFailed(id, reason: reason)
        case let .startFailed(id, reason): .workerStartFailed(id, reason: reason)
        }
    }
}
