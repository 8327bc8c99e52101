internal import FolioCore
internal import FolioSemantic
internal import FolioEmbedding
internal import FolioProtocol
internal import FolioStore
internal import FolioSystem
internal import Glibc
internal import Synchronization

/// The embedder process (`foliod-worker --embedder`, started by `foliod`): it keeps the
/// model loaded, answers query vectors on its socket so that `folioq` and the launchers
/// never load a cold model per keystroke, and gives new windows their vectors in the
/// background, at idle priority, while foliod lets it (`pause` while foliod indexes).
/// It ends after `[embeddings] idle_minutes` with nothing to do and no query.
///
/// A search that finds no embedder starts one without foliod (`EmbedderStarter`); one
/// runs per session (`ProcessLock`), and foliod's own takes over from such a one.
final class EmbedderService: @unchecked Sendable {
    let configuration: FolioConfiguration
    let paths: FolioPaths
    let databasePath: String
    let environment: [String: String]
    private let state: Mutex<SharedState>

    struct SharedState {
        /// The decisions (`EmbedderCore`): the main loop feeds it, and so does the background
        /// stage, whose work keeps the embedder from ending.
        var core: EmbedderCore
        var wake = false
        var stopping = false
        var progress: SemanticProgress?
        var lastError: String?
    }

    /// `paused`: the background stage waits for foliod's SIGUSR2 (foliod is indexing).
    public init(configuration: FolioConfiguration, paths: FolioPaths, databasePath: String, environment: [String: String], paused: Bool) {
        self.configuration = configuration
        self.paths = paths
        self.databasePath = databasePath
        self.environment = environment
        state = Mutex(SharedState(core: EmbedderCore(paused: paused, idleMilliseconds: Int64(configuration.embeddings.idleMinutes) * 60_000,
                                                     now: MonotonicClock.milliseconds())))
    }

    /// Serves until idle long enough or told to stop (SIGTERM); returns the exit status.
    public func run() -> Int32 {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        // One malloc arena: the background thread, the query thread and ONNX Runtime's own
        // would otherwise each keep an arena of freed memory.
        LocalEmbedder.useOneMallocArena()
        // foliod's word: SIGUSR1 while it indexes, SIGUSR2 when it is done; SIGTERM as it stops.
        let loop = EventLoop(signals: [SIGTERM, SIGINT, SIGUSR1, SIGUSR2])
        // Started by foliod, standard input is a pipe it holds: its end is foliod's end.
        var input = stat()
        let parentPipe = fstat(0, &input) == 0 && input.st_mode & S_IFMT == S_IFIFO
        let lock: ProcessLock
        let embedder: any Embedder
        do {
            // Another embedder runs or is loading its model: a search started this one in
            // the same instant, and that one answers.
            guard let taken = try Self.lock(paths, takingOver: parentPipe) else { return 0 }
            lock = taken
            embedder = try EmbedderFactory.make(options: configuration.embeddings, paths: paths, environment: environment)
        } catch {
            try? FileDescriptor.writeAll(Array("foliod-worker --embedder: \(error)\n".utf8), to: 2)
            return 2
        }
        defer { withExtendedLifetime(lock) {} }
        let server: LineServer
        do {
            server = try LineServer(path: paths.embedderSocket)
        } catch {
            try? FileDescriptor.writeAll(Array("foliod-worker --embedder: \(error)\n".utf8), to: 2)
            return 2
        }
        let background = BackgroundThread { [self] in embedInBackground(embedder) }
        var queries = QueryAnswerer(databasePath: databasePath, embedder: embedder, configuration: configuration, paths: paths,
                                    environment: environment)
        var elsewhere: QueryAnswerer?
        serving: while true {
            let wake = loop.wait(reading: [server.listener] + server.clientDescriptors + (parentPipe ? [0] : []),
                                 deadline: state.withLock { $0.core.deadline })
            var inputs = wake.signals.map { EmbedderCore.Input.signal($0, at: wake.now) } + [.tick(at: wake.now)]
            if parentPipe, wake.readable.contains(0) {
                var byte: UInt8 = 0
                if read(0, &byte, 1) <= 0 { inputs.append(.parentGone) }
            }
            if wake.readable.contains(server.listener) { server.accept() }
            for client in server.clientDescriptors where wake.readable.contains(client) {
                guard let line = server.readLine(from: client) else { continue }
                server.answer(client, WireProtocol.encode(answer(line, queries: &queries, elsewhere: &elsewhere, embedder: embedder)))
                // What the query took (its tokens, the model's run, the vectors read, their
                // array grown step by step) goes back once it is answered: kept until the
                // queries paused, the embedder's memory crept up query after query. The
                // client has its answer; the next query faults a few pages in again
                // (docs/benchmarks.md).
                LocalEmbedder.returnFreedMemory()
            }
            for input in inputs {
                for action in state.withLock({ $0.core.handle(input) }) {
                    switch action {
                    case .pauseStage: break
                    case .resumeStage: state.withLock { $0.wake = true }
                    case .exitNow: _exit(0)
                    case .finish: break serving
                    }
                }
            }
        }
        state.withLock { $0.stopping = true }
        background.join()
        return 0
    }

    /// Takes the session's embedder lock. An embedder foliod started takes it over: it asks
    /// the holder, an embedder a search started, to end, and waits for it. `nil`: another
    /// holds it.
    private static func lock(_ paths: FolioPaths, takingOver: Bool) throws(SystemError) -> ProcessLock? {
        try Directory.makePrivate(paths.runtimeDirectory)
        if let lock = try ProcessLock.take(paths.embedderLock) { return lock }
        guard takingOver else { return nil }
        if let holder = ProcessLock.holder(paths.embedderLock) { kill(holder, SIGTERM) }
        return try ProcessLock.take(paths.embedderLock, wait: true)
    }

    /// `elsewhere`: the answerer of the last other index asked (`folioq --db`), which the
    /// same model serves.
    private func answer(_ line: [UInt8], queries: inout QueryAnswerer, elsewhere: inout QueryAnswerer?,
                        embedder: any Embedder) -> EmbedderReply {
        let envelope: EmbedderEnvelope
        do {
            envelope = try WireProtocol.decode(EmbedderEnvelope.self, from: line)
        } catch {
            return EmbedderReply(error: "\(error)")
        }
        guard envelope.version == WireProtocol.version else {
            return EmbedderReply(error: "the embedder and its client come from different builds; restart foliod")
        }
        switch envelope.request {
        case let .nearest(text, limit, database, filters):
            _ = state.withLock { $0.core.handle(.worked(at: MonotonicClock.milliseconds())) }
            do {
                let found = try answerer(for: database, queries: &queries, elsewhere: &elsewhere, embedder: embedder) {
                    try $0.nearest(text, limit: limit, filters: filters)
                }
                guard let nearest = found else { return EmbedderReply() }
                return EmbedderReply(model: nearest.model, windows: nearest.windows)
            } catch {
                return EmbedderReply(error: "\(error)")
            }
        case let .similarities(texts, windows, database):
            _ = state.withLock { $0.core.handle(.worked(at: MonotonicClock.milliseconds())) }
            do {
                let found = try answerer(for: database, queries: &queries, elsewhere: &elsewhere, embedder: embedder) {
                    try $0.similarities(texts, windows: windows)
                }
                return EmbedderReply(similarities: found ?? [])
            } catch {
                return EmbedderReply(error: "\(error)")
            }
        case .status:
            return EmbedderReply(status: status())
        }
    }

    /// Runs `body` with the answerer of `database`: this index's, or the one of another
    /// (made anew when the last other one asked was not this one).
    private func answerer<Result>(for database: String, queries: inout QueryAnswerer, elsewhere: inout QueryAnswerer?, embedder: any Embedder,
                                  _ body: (inout QueryAnswerer) throws -> Result) throws -> Result {
        if database == queries.databasePath { return try body(&queries) }
        if elsewhere?.databasePath != database {
            elsewhere = QueryAnswerer(databasePath: database, embedder: embedder, configuration: configuration, paths: paths, environment: environment)
        }
        return try body(&elsewhere!)
    }

    /// The configured model, `provider:model`: the one the background stage embeds with.
    private var modelName: String {
        EmbeddingModelIdentity(provider: configuration.embeddings.provider, model: configuration.embeddings.model).description
    }

    private func status() -> EmbedderStatus {
        state.withLock {
            EmbedderStatus(pid: getpid(), residentKiB: Self.residentKiB(), model: modelName, paused: $0.core.paused, progress: $0.progress,
                           lastError: $0.lastError)
        }
    }

    /// The background stage: a batch at a time while not paused; when nothing is left,
    /// a look for new work every ten seconds (at once when foliod says `resume`).
    private func embedInBackground(_ embedder: any Embedder) {
        var stage: SemanticStage?
        var meter = RateMeter(), pace = SemanticPace()
        var nextLook: Int64 = 0
        var lastCoverage: Int64 = 0
        // When the last batch ended, while batches follow one another (not after a pause).
        var lastBatch: Int64?
        // The index's data version when a look found nothing to embed: unchanged, the
        // next look would find nothing again.
        var idleAt: Int64?
        while true {
            let (paused, stopping, wake) = state.withLock { state in
                defer { state.wake = false }
                return (state.core.paused, state.stopping, state.wake)
            }
            if stopping { return }
            let now = MonotonicClock.milliseconds()
            if paused || (!wake && now < nextLook) {
                lastBatch = nil
                usleep(200_000)
                continue
            }
            do {
                if stage == nil { stage = try SemanticStage(store: IndexStore(path: databasePath), embedder: embedder) }
                if !wake, let idleAt, try stage!.store.dataVersion() == idleAt {
                    nextLook = now + 10_000
                    continue
                }
                let batch = try stage!.embedBatch(windows: 32)
                let count = batch.windows
                LocalEmbedder.returnFreedMemory()
                let done = MonotonicClock.milliseconds()
                meter.record(count, at: done)
                pace.record(batch, wallMilliseconds: lastBatch.map { Double(done - $0) }, at: done)
                lastBatch = done
                if count == 0 || done - lastCoverage > 5000 {
                    let coverage = try stage!.coverage()
                    lastCoverage = done
                    state.withLock {
                        $0.progress = SemanticProgress(coverage: coverage, rate: count == 0 ? nil : meter.rate(at: done),
                                                       secondsLeft: count == 0 ? nil : pace.secondsLeft(coverage.windowsLeft))
                    }
                } else {
                    state.withLock { state in
                        guard var progress = state.progress else { return }
                        progress.coverage.embedded += count
                        progress.coverage.windowsLeft.subtract(batch.lengths)
                        progress.rate = meter.rate(at: done)
                        progress.secondsLeft = pace.secondsLeft(progress.coverage.windowsLeft)
                        state.progress = progress
                    }
                }
                state.withLock {
                    $0.lastError = nil
                    if count > 0 { _ = $0.core.handle(.worked(at: done)) }
                }
                if count == 0 { nextLook = done + 10_000 }
                idleAt = count == 0 ? try stage!.store.dataVersion() : nil
            } catch {
                // A server that is down or a database that is busy: try again in a minute.
                lastBatch = nil
                state.withLock { $0.lastError = "\(error)" }
                stage = nil
                idleAt = nil
                nextLook = MonotonicClock.milliseconds() + 60_000
            }
        }
    }

    static func residentKiB() -> Int {
        guard let text = try? FileReader.readAll("/proc/self/statm", limit: 4096) else { return 0 }
        let fields = String(decoding: text, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}
