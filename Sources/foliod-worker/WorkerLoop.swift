internal import FolioCore
internal import FolioIndexer
internal import FolioStore
internal import FolioProtocol
internal import FolioSystem
internal import FolioLoaders
internal import Glibc
internal import Synchronization

/// The worker side of the daemon's engine (`foliod-worker`): says `hello`, then reads
/// `WorkerRequest`s on standard input and answers each on standard output
/// (`WorkerMessage`): `index` brings the file's document up to date in the database,
/// `extract` sends its text back. It exits at the end of its input.
///
/// Before each page it recognises it asks for a turn (`WorkerOCRTurns`), and after a
/// document it recognised pages of it ends its tesseract engine.
enum WorkerLoop {
    /// `openStore` is called at the first `index` request, and again at the next one if it
    /// failed (the database was held, say): a worker that only extracts never opens (nor
    /// creates) the database.
    static func run(configuration: FolioConfiguration, kinds: FileKinds, openStore: () throws(StoreError) -> IndexStore) {
        let requests = RequestReader()
        let turns = WorkerOCRTurns(requests: requests)
        var indexer: DocumentIndexer?
        answer(.hello(version: WireProtocol.version))
        while true {
            let request: WorkerRequest
            do {
                guard let next = try requests.next() else { return }
                request = next
            } catch {
                try? FileDescriptor.writeAll(Array("foliod-worker: \(error)\n".utf8), to: STDERR_FILENO)
                exit(2)
            }
            let recognitions = LoaderRegistry.ocrRecognitions
            switch request {
            case let .index(path):
                do throws(StoreError) {
                    if indexer == nil { indexer = DocumentIndexer(store: try openStore(), configuration: configuration, kinds: kinds, ocrTurns: turns) }
                    answer(.finished(index(path, indexer: indexer!, ocrPages: { LoaderRegistry.ocrRecognitions - recognitions })))
                } catch {
                    answer(.finished(.refused(error.refusal)))
                }
            case let .extract(path, options):
                answer(kinds.isMailbox(path)
                    ? .extractFailed(reason: "\(path) is a mailbox, whose messages are documents of their own: search them with folioq --path")
                    : extract(path, options: options, configuration: configuration, turns: turns))
            case .turn:
                // Only ever sent while the worker waits in `WorkerOCRTurns.take`.
                break
            }
            if turns.taken.exchange(false, ordering: .relaxed) { LoaderRegistry.releaseOCREngines() }
        }
    }

    private static func index(_ path: String, indexer: DocumentIndexer, ocrPages: () -> Int) -> WorkerOutcome {
        do throws(StoreError) {
            guard let status = try? FileStatus.of(path), status.kind == .regular else {
                try indexer.store.purge(.file(path))
                return .gone
            }
            switch try indexer.index(path, status: status, now: Int64(time(nil))) {
            case let .indexed(chunks): return .indexed(chunks: chunks, ocrPages: ocrPages())
            case let .partial(chunks, reason): return .partial(chunks: chunks, ocrPages: ocrPages(), reason: reason)
            case let .failed(reason): return .failed(reason: reason)
            case .unchanged: return .unchanged
            case .touched: return .touched
            case .unsupported: return .unsupported
            case .deferred: return .putOff
            case .gone: return .gone
            }
        } catch {
            return .refused(error.refusal)
        }
    }

    private static func extract(_ path: String, options: WorkerRequest.ExtractOptions, configuration: FolioConfiguration,
                                 turns: WorkerOCRTurns) -> WorkerMessage {
        guard let loader = LoaderRegistry.standard.loader(forPath: path) else { return .extractFailed(reason: "\(path): not a type Folio reads") }
        var configuration = configuration
        if let backend = options.backend { configuration.pdf.backend = backend }
        if !options.ocr { configuration.ocr.enabled = false }
        let source = SourceFile(path: path, maxSize: configuration.maxFileSize, pdf: configuration.pdf, ocr: configuration.ocr, ocrTurns: turns)
        do {
            return .extracted(try loader.load(source))
        } catch .ocrDeferred {
            return .finished(.putOff)
        } catch {
            return .extractFailed(reason: "\(error)")
        }
    }

    /// Sends one message; a parent that is gone ends the worker.
    static func answer(_ message: WorkerMessage) {
        do {
            try FileDescriptor.writeAll(WireProtocol.encode(message), to: STDOUT_FILENO)
        } catch {
            exit(0)
        }
    }
}

/// The requests on the worker's standard input, one line each.
final class RequestReader: @unchecked Sendable {
    private var buffer = LineBuffer()

    /// The next request, or `nil` at the end of the input.
    func next() throws(ProtocolError) -> WorkerRequest? {
        var bytes = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let line = try buffer.nextLine() { return try WireProtocol.decode(WorkerRequest.self, from: line) }
            guard let count = try? bytes.withUnsafeMutableBytes({ input throws(SystemError) in
                try systemCall("read", path: "standard input") { read(STDIN_FILENO, input.baseAddress!, input.count) }
            }), count > 0 else { return nil }
            buffer.append(bytes[0..<count])
        }
    }
}

/// OCR turns as the engine gives them: the worker says `wantsTurn` and waits for the
/// `turn` request: granted, it recognises the page and says `turnDone`; refused, it puts
/// the document off. Nothing else comes on the input meanwhile: the engine hands a file
/// only to a worker without one, and closes the input only to stop the worker.
final class WorkerOCRTurns: OCRTurns {
    private let requests: RequestReader
    /// Whether a turn was taken since this was last reset (after each document).
    let taken = Atomic(false)

    init(requests: RequestReader) {
        self.requests = requests
    }

    func take() -> Bool {
        WorkerLoop.answer(.wantsTurn)
        // The end of the input: the engine is stopping (SIGTERM), and the document in hand
        // is finished, turn or not, before the worker exits. A malformed answer likewise.
        guard case let .turn(granted)? = try? requests.next() else { return true }
        if granted { taken.store(true, ordering: .relaxed) }
        return granted
    }

    func giveBack() {
        WorkerLoop.answer(.turnDone)
    }
}
