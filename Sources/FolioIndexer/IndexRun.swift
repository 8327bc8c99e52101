public import FolioStore
internal import FolioCore
internal import FolioSystem
internal import FolioWatch
internal import FolioLoaders
internal import Dispatch
internal import Synchronization
internal import Logging
internal import Glibc

/// Indexes files and folders in one pass and makes the index agree with them: new and
/// changed files are indexed, and documents under a folder that are no longer on disk
/// are purged. `folioctl index` runs this; the daemon runs it to reconcile at start-up.
///
/// The folders are walked first, so progress can say how far along it is; then files are
/// indexed on `workers` threads (extraction is CPU-bound C and Swift code, kept off the
/// Swift concurrency pool), while SQLite takes the writes one at a time.
public struct IndexRun: Sendable {
    public struct Progress: Sendable {
        public var done: Int
        public var total: Int
        public var path: String
    }

    let indexer: DocumentIndexer
    let workers: Int
    /// Expands `~` in exclusion patterns.
    let home: String
    private let logger = Logger(label: "folio.index")

    public init(indexer: DocumentIndexer, workers: Int, home: String) {
        self.indexer = indexer
        self.workers = max(1, workers)
        self.home = home
    }

    public func run(_ roots: [String], progress: @Sendable (Progress) -> Void = { _ in }) throws(StoreError) -> IndexSummary {
        var summary = IndexSummary()
        var files: [(path: String, status: FileStatus)] = []
        let crawler = DirectoryCrawler(includeHidden: indexer.configuration.includeHidden,
                                       rules: ExcludeRules(patterns: indexer.configuration.exclude, home: home))
        for root in roots {
            guard let rootStatus = try? FileStatus.following(root) else {
                summary.missingRoots.append(root)
                summary.purged += try indexer.store.purge(.file(root)) + indexer.store.purge(.tree(root))
                continue
            }
            var seen: Set<String> = []
            var problems: [IndexSummary.Failure] = []
            crawler.crawl(root) { item in
                switch item {
                case let .file(path, status):
                    seen.insert(path)
                    if DocumentKind(path: path) != nil {
                        files.append((path, status))
                    } else {
                        summary.unsupported += 1
                    }
                case let .problem(path, reason):
                    seen.insert(path)
                    problems.append(.init(path: path, reason: reason))
                }
            }
            // Files of a kind Folio reads are recorded for `folioctl errors` too.
            for problem in problems {
                summary.failures.append(problem)
                guard let kind = DocumentKind(path: problem.path) else { continue }
                try indexer.store.recordFailure(problem.path, kind: kind, signature: .unknown,
                                                reason: "\(problem.path): \(problem.reason)", at: Int64(time(nil)))
            }
            if rootStatus.kind == .directory {
                for vanished in try indexer.store.paths(in: .tree(root)) where !seen.contains(vanished) {
                    summary.purged += try indexer.store.purge(.file(vanished))
                }
            }
        }
        let recognitionsBefore = LoaderRegistry.ocrRecognitions
        try index(files, into: &summary, progress: progress)
        summary.ocrPages = LoaderRegistry.ocrRecognitions - recognitionsBefore
        return summary
    }

    private func index(_ files: [(path: String, status: FileStatus)], into summary: inout IndexSummary,
                       progress: @Sendable (Progress) -> Void) throws(StoreError) {
        // Largest first, each worker taking the next file when it is free: the cores stay
        // busy to the end instead of one finishing its share while the other still has
        // the biggest PDF ahead of it.
        let files = files.sorted { $0.status.size > $1.status.size }
        let shared = Mutex((summary: summary, done: 0, next: 0, error: StoreError?.none))
        let now = Int64(time(nil))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = shared.withLock { state -> Int? in
                    guard state.error == nil, state.next < files.count else { return nil }
                    state.next += 1
                    return state.next - 1
                }
                guard let index else { return }
                let (path, status) = files[index]
                do throws(StoreError) {
                    let outcome = try indexer.index(path, status: status, now: now)
                    log(outcome, path: path)
                    let done = shared.withLock { state in
                        state.summary.record(outcome, path: path)
                        state.done += 1
                        return state.done
                    }
                    progress(Progress(done: done, total: files.count, path: path))
                } catch {
                    shared.withLock { $0.error = error }
                }
            }
        }
        let result = shared.withLock { $0 }
        if let error = result.error { throw error }
        summary = result.summary
    }

    private func log(_ outcome: DocumentIndexer.Outcome, path: String) {
        switch outcome {
        case let .indexed(chunks): logger.debug("indexed", metadata: ["path": "\(path)", "chunks": "\(chunks)"])
        case let .partial(chunks, reason): logger.notice("partly indexed", metadata: ["path": "\(path)", "chunks": "\(chunks)", "reason": "\(reason)"])
        case let .failed(reason): logger.notice("failed", metadata: ["path": "\(path)", "reason": "\(reason)"])
        case .gone: logger.notice("renamed or deleted while it was read", metadata: ["path": "\(path)"])
        // `.deferred` comes only with OCR turns, which a run in one process does not take.
        case .unchanged, .touched, .unsupported, .deferred: break
        }
    }
}

/// What one `IndexRun` did.
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

    mutating func record(_ outcome: DocumentIndexer.Outcome, path: String) {
        switch outcome {
        case let .indexed(count):
            indexed += 1
            chunks += count
        case let .partial(count, reason):
            indexed += 1
            chunks += count
            partial.append(Failure(path: path, reason: reason))
        case .unchanged: unchanged += 1
        case .touched: touched += 1
        case .unsupported: unsupported += 1
        case .deferred, .gone: break
        case let .failed(reason): failures.append(Failure(path: path, reason: reason))
        }
    }
}
