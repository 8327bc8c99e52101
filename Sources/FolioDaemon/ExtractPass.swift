public import FolioProtocol
public import FolioCore
internal import FolioSystem
internal import Glibc

/// `folioctl extract`: files read by the same worker pool as indexing, writing nothing,
/// so a file that crashes a C library costs its own reading and the others go on.
public struct ExtractPass {
    let workerArguments: [String]
    let options: WorkerRequest.ExtractOptions
    let workers: Int
    let fileTimeoutMilliseconds: Int64

    public init(workerArguments: [String], options: WorkerRequest.ExtractOptions, configuration: FolioConfiguration, cores: Int) {
        self.workerArguments = workerArguments
        self.options = options
        workers = DaemonCore.workerLimit(configuration, cores: cores)
        fileTimeoutMilliseconds = Int64(configuration.daemon.fileTimeoutSeconds) * 1000
    }

    /// Reads `paths` (absolute files), calling `show` for each in the order given: the
    /// document, or why there is none.
    public func run(_ given: [String], show: (String, Result<LoadedDocument, ExtractFailure>) -> Void) {
        // A file named twice is read once and shown twice.
        var paths: [String] = []
        for path in given where !paths.contains(path) { paths.append(path) }
        var pool = WorkerPool(settings: .init(limit: min(workers, max(1, paths.count)), fileTimeoutMilliseconds: fileTimeoutMilliseconds),
                              work: .extract(options))
        let processes = WorkerProcesses(arguments: workerArguments)
        defer { processes.stopAll() }
        var results: [String: Result<LoadedDocument, ExtractFailure>] = [:]
        var shown = 0
        var pending: [WorkerPool.Event] = []
        func perform(_ actions: [WorkerAction]) {
            for action in actions {
                if let report = processes.perform(action) { apply(report) }
            }
        }
        /// What a worker said or what happened to it, for the pool.
        func apply(_ report: WorkerProcesses.Report) {
            let now = MonotonicClock.milliseconds()
            switch report {
            case let .message(id, message):
                let (more, events) = pool.received(message, from: id, now: now)
                pending += events
                perform(more)
            case let .failed(id, reason):
                let (more, events) = pool.failed(id, reason: reason, now: now)
                pending += events
                perform(more)
            case let .startFailed(id, reason):
                pending += pool.startFailed(id, reason: reason, now: now)
            }
        }
        for path in paths { pool.addRecent(path, size: (try? FileStatus.of(path))?.size ?? 0) }
        while shown < given.count {
            perform(pool.dispatch(holding: false, now: MonotonicClock.milliseconds()))
            var entries = processes.outputs.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&entries, nfds_t(entries.count), 100)
            for report in processes.read(Set(entries.filter { $0.revents != 0 }.map(\.fd))) { apply(report) }
            let (more, events) = pool.tick(now: MonotonicClock.milliseconds())
            pending += events
            perform(more)
            for event in pending {
                switch event {
                case let .finished(path, _, .extracted(document)): results[path] = .success(document)
                case let .finished(path, _, .extractFailed(reason)): results[path] = .failure(ExtractFailure(reason: reason))
                case let .finished(path, _, message): results[path] = .failure(ExtractFailure(reason: "the worker answered \(message)"))
                case let .lost(path, reason): results[path] = .failure(ExtractFailure(reason: "\(path): \(reason)"))
                case let .startFailed(reason):
                    // No worker can be started: every file left fails with the reason.
                    for path in paths where results[path] == nil { results[path] = .failure(ExtractFailure(reason: reason)) }
                }
            }
            pending = []
            while shown < given.count, let result = results[given[shown]] {
                show(given[shown], result)
                shown += 1
            }
        }
    }
}

/// Why a file gave no text to `folioctl extract`.
public struct ExtractFailure: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
