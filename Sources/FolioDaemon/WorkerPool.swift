internal import FolioCore
public import FolioProtocol

/// The decisions about worker processes, without the processes: which file goes to which
/// worker, when workers are started and ended, their time limits, and OCR turns. Pure:
/// every method takes `now` (monotonic milliseconds) and returns what to do
/// (`WorkerAction`) and what became of files (`WorkerPool.Event`); `WorkerProcesses`
/// carries the actions out and reports back what the processes said.
///
/// `foliod` (through `DaemonCore`) and `folioctl index`/`extract` drive the same pool.
public struct WorkerPool: Sendable {
    /// What the pool's workers are asked for each file.
    public enum Work: Equatable, Sendable {
        case index
        case extract(WorkerRequest.ExtractOptions)
    }

    /// What became of a file handed to a worker.
    public enum Event: Equatable, Sendable {
        /// The worker's answer for the file.
        case finished(path: String, size: Int64, WorkerMessage)
        /// The worker died or was stopped while reading the file (`reason` says how): the
        /// file is to be recorded as failed until it changes.
        case lost(path: String, reason: String)
        /// A worker could not be started (or spoke another protocol).
        case startFailed(reason: String)
    }

    public struct Settings: Equatable, Sendable {
        /// How many workers may run at once.
        public var limit: Int
        /// How long reading one file may take before its worker is killed.
        public var fileTimeoutMilliseconds: Int64

        public init(limit: Int, fileTimeoutMilliseconds: Int64) {
            self.limit = max(1, limit)
            self.fileTimeoutMilliseconds = fileTimeoutMilliseconds
        }
    }

    /// Idle time after which the workers are ended.
    static let idleMilliseconds: Int64 = 10_000
    /// After a failed start, how long before trying again.
    static let restartPauseMilliseconds: Int64 = 5_000
    /// What a worker's start (loading its libraries, opening the index) may take before
    /// its first file's time limit begins.
    static let startupMilliseconds: Int64 = 5_000

    public var settings: Settings
    public let work: Work
    var queue = IndexQueue(capacity: 2048)
    /// In the order they were started; a replaced worker takes its predecessor's place.
    var workers: [WorkerState] = []
    private var nextID = 0
    /// Files put off while another worker recognised pages: they go first at the next turn.
    private(set) var putOffPaths: Set<String> = []
    /// When a file was last handed out.
    private var lastWork: Int64 = 0
    private var startFailedAt: Int64?

    public init(settings: Settings, work: Work = .index) {
        self.settings = settings
        self.work = work
    }

    // MARK: What is going on

    public var queued: Int { queue.count }
    public var queueIsFull: Bool { queue.isFull }
    /// Nothing queued and no file in hand.
    public var isIdle: Bool { queue.isEmpty && workers.allSatisfy(\.isIdle) }
    /// The files being read now, and those a page of which tesseract is reading.
    public var reading: [String] { workers.compactMap { $0.current?.path } }
    public var recognising: [String] { workers.filter(\.isRecognising).compactMap { $0.current?.path } }

    // MARK: Files

    /// A file that just changed: it goes before the files walks found.
    public mutating func addRecent(_ path: String, size: Int64) { queue.addRecent(path, size: size) }
    /// A file a walk found; walks pause while `queueIsFull`.
    public mutating func addFound(_ path: String, size: Int64) { queue.addFound(path, size: size) }
    /// Files below a folder that is gone or no longer watched are not handed out.
    public mutating func remove(tree directory: String) { queue.remove(tree: directory) }

    // MARK: Handing out

    /// Gives queued files to idle workers, starting workers (up to the limit) when there
    /// are more files than idle ones. Nothing is handed out while `holding` (paused, or the
    /// disk is full), while a page is recognised (`grantTurns`), or when a worker waiting
    /// for its turn has already let the others take a file each; a file a worker is reading
    /// waits for that reading to end (it changed meanwhile, and the later reading must be
    /// the one written last).
    public mutating func dispatch(holding: Bool, now: Int64) -> [WorkerAction] {
        var actions = grantTurns(now: now)
        if workers.contains(where: \.isRecognising) { return actions + endIdleWorkers() }
        guard !holding, !queue.isEmpty, !workers.contains(where: \.waitedThroughHandOut) else { return actions }
        var held = Set(reading)
        guard queue.hasFile(for: handOut, excluding: held) else { return actions }
        // After a failed start, wait a little: the loop comes here many times a second.
        let mayStart = startFailedAt.map { now - $0 > Self.restartPauseMilliseconds } ?? true
        while mayStart, workers.count < settings.limit, queue.count > workers.filter(\.isIdle).count {
            actions.append(.start(startWorker(at: workers.count, now: now)))
        }
        lastWork = now
        for index in workers.indices where workers[index].isIdle {
            // Asked again for each: the file just handed out may be large.
            guard let file = queue.next(handOut, excluding: held) else { break }
            held.insert(file.path)
            // A worker just started gets its start-up time on top of the file's limit.
            let reading = max(now, workers[index].startedAt + Self.startupMilliseconds)
            workers[index].current = .init(path: file.path, size: file.size, deadline: reading + settings.fileTimeoutMilliseconds)
            actions.append(.send(workers[index].id, request(for: file.path)))
            for waiting in workers.indices where workers[waiting].turnAskedAt != nil { workers[waiting].waitedThroughHandOut = true }
        }
        return actions
    }

    /// Remembers a file put off for another worker's OCR turn: it goes first at the next turn.
    mutating func notePutOff(_ path: String) {
        putOffPaths.insert(path)
    }

    private func request(for path: String) -> WorkerRequest {
        switch work {
        case .index: .index(path: path)
        case let .extract(options): .extract(path: path, options: options)
        }
    }

    /// What the next file may be: light files only while a worker holds a tesseract
    /// engine; else at most one large file read at a time (`IndexQueue.largeFileBytes`).
    private var handOut: IndexQueue.HandOut {
        if workers.contains(where: \.hadTurn) { return .lightOnly }
        if settings.limit == 1 { return .inOrder }
        return workers.contains { ($0.current?.size ?? 0) >= IndexQueue.largeFileBytes } ? .smallOnly : .largeFirst
    }

    private mutating func startWorker(at index: Int, now: Int64) -> WorkerID {
        let id = WorkerID(nextID)
        nextID += 1
        let worker = WorkerState(id: id, startedAt: now)
        if index < workers.count { workers[index] = worker } else { workers.append(worker) }
        return id
    }

    /// Ends the idle workers: an idle worker still holds its libraries (tesseract's among
    /// them once it has read a scan; docs/benchmarks.md), which are in the way while a page
    /// is recognised (nothing is handed out then) or while the embedder opens its model.
    /// The next `dispatch` starts workers again (tens of milliseconds).
    public mutating func endIdleWorkers() -> [WorkerAction] {
        let idle = workers.filter(\.isIdle).map { WorkerAction.stop($0.id, kill: false) }
        workers.removeAll(where: \.isIdle)
        return idle
    }

    // MARK: What workers say

    /// A worker's message. Its answer for the file in hand ends that file; `putOff`
    /// answers put the file back at the front of the queue (it goes first at the next turn).
    public mutating func received(_ message: WorkerMessage, from id: WorkerID, now: Int64) -> (actions: [WorkerAction], events: [Event]) {
        guard let index = workers.firstIndex(where: { $0.id == id }) else { return ([], []) }
        switch message {
        case let .hello(version):
            guard version != WireProtocol.version else { return ([], []) }
            let reason = ProtocolError.versionMismatch(peer: "foliod-worker", theirs: version, ours: WireProtocol.version).description
            return ([.stop(id, kill: true)], startFailed(id, reason: reason, now: now))
        case .wantsTurn:
            workers[index].turnAskedAt = now
            workers[index].waitedThroughHandOut = false
            return ([], [])
        case .turnDone:
            workers[index].isRecognising = false
            return ([], [])
        case .finished, .extracted, .extractFailed:
            guard let file = workers[index].current else { return ([], []) }
            workers[index].finishFile()
            if message == .finished(.putOff) {
                queue.addRecent(file.path, size: file.size)
                return ([], [])
            }
            putOffPaths.remove(file.path)
            return ([], [.finished(path: file.path, size: file.size, message)])
        }
    }

    /// A worker ended by itself, broke the protocol, or could not be written to: it is
    /// replaced, and its file is lost.
    public mutating func failed(_ id: WorkerID, reason: String, now: Int64) -> (actions: [WorkerAction], events: [Event]) {
        guard let index = workers.firstIndex(where: { $0.id == id }) else { return ([], []) }
        return replace(at: index, reason: reason, now: now)
    }

    /// A worker could not be started: its place is given up, and the file it was to read
    /// goes back to the front of the queue; no worker is started for a while.
    public mutating func startFailed(_ id: WorkerID, reason: String, now: Int64) -> [Event] {
        guard let index = workers.firstIndex(where: { $0.id == id }) else { return [] }
        if let file = workers[index].current { queue.addRecent(file.path, size: file.size) }
        workers.remove(at: index)
        startFailedAt = now
        return [.startFailed(reason: reason)]
    }

    /// Kills a worker that died, broke the protocol or overran its time, and starts a new
    /// one in its place; its file is lost.
    private mutating func replace(at index: Int, reason: String, now: Int64) -> (actions: [WorkerAction], events: [Event]) {
        let old = workers[index]
        let id = startWorker(at: index, now: now)
        let events = old.current.map { [Event.lost(path: $0.path, reason: reason)] } ?? []
        return ([.stop(old.id, kill: true), .start(id)], events)
    }

    // MARK: Time

    /// Kills workers past the file time limit (the time spent waiting for an OCR turn does
    /// not count), and ends all workers once nothing has been handed out for
    /// `idleMilliseconds`: an idle daemon then holds none of the readers' memory.
    public mutating func tick(now: Int64) -> (actions: [WorkerAction], events: [Event]) {
        var actions: [WorkerAction] = []
        var events: [Event] = []
        for index in workers.indices where workers[index].turnAskedAt == nil {
            guard let file = workers[index].current, now > file.deadline else { continue }
            let seconds = settings.fileTimeoutMilliseconds / 1000
            let replaced = replace(at: index, reason: "extraction took longer than file_timeout_seconds (\(seconds)) and was stopped",
                                   now: now)
            actions += replaced.actions
            events += replaced.events
        }
        if !workers.isEmpty, isIdle, now - lastWork > Self.idleMilliseconds {
            actions += workers.map { .stop($0.id, kill: false) }
            workers.removeAll()
        }
        return (actions, events)
    }

    /// Ends every worker, letting each finish the file in hand.
    public mutating func stopAll() -> [WorkerAction] {
        defer { workers.removeAll() }
        return workers.map { .stop($0.id, kill: false) }
    }
}

/// A worker process, named by the pool.
public struct WorkerID: Hashable, Sendable, CustomStringConvertible {
    public let value: Int

    public init(_ value: Int) {
        self.value = value
    }

    public var description: String { "worker \(value)" }
}

/// What the pool asks of the processes.
public enum WorkerAction: Equatable, Sendable {
    /// Start a worker process under this name.
    case start(WorkerID)
    /// Send it a request.
    case send(WorkerID, WorkerRequest)
    /// End it: `kill` when it is stuck (SIGKILL), else closing its input lets it finish the
    /// file in hand and exit.
    case stop(WorkerID, kill: Bool)
}
