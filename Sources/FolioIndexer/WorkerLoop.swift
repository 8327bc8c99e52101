public import FolioCore
public import FolioStore
internal import FolioSystem
internal import FolioLoaders
internal import Glibc
internal import Synchronization

/// The worker side of the daemon (`foliod-worker`): reads NUL-terminated paths on standard
/// input, brings each one's document up to date in the database, and answers one line
/// per file on standard output (`indexed`, `partial`, `failed`, `unchanged`, `gone`,
/// `later` when told to put the file off, or
/// `error<TAB>message` when the database refused, `full<TAB>message` when it refused for
/// want of disk space, `busy<TAB>message` when another process held it too long). It exits
/// at the end of its input.
///
/// Before each page it recognises it asks the daemon for a turn (`DaemonOCRTurns`), and
/// after a document it recognised pages of it ends its tesseract engine.
public enum WorkerLoop {
    public static func run(store: IndexStore, configuration: FolioConfiguration) {
        let turns = DaemonOCRTurns()
        let indexer = DocumentIndexer(store: store, configuration: configuration, ocrTurns: turns)
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            pending += buffer[0..<count]
            while let end = pending.firstIndex(of: 0) {
                let path = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                let outcome = handle(path, indexer: indexer, store: store)
                if turns.taken.exchange(false, ordering: .relaxed) { LoaderRegistry.releaseOCREngines() }
                answer(outcome)
            }
        }
    }

    private static func handle(_ path: String, indexer: DocumentIndexer, store: IndexStore) -> String {
        do {
            guard let status = try? FileStatus.of(path), status.kind == .regular else {
                try store.purge(.file(path))
                return "gone"
            }
            switch try indexer.index(path, status: status, now: Int64(time(nil))) {
            case .indexed: return "indexed"
            case .partial: return "partial"
            case .failed: return "failed"
            case .unchanged, .touched: return "unchanged"
            case .unsupported: return "unsupported"
            case .deferred: return "later"
            case .gone: return "gone"
            }
        } catch {
            if case .diskFull = error { return "full\t\(error)".replacingNewlines() }
            if case .busy = error { return "busy\t\(error)".replacingNewlines() }
            return "error\t\(error)".replacingNewlines()
        }
    }

    /// Sends one line; a parent that is gone ends the worker.
    static func answer(_ line: String) {
        do {
            try FileDescriptor.writeAll(Array((line + "\n").utf8), to: STDOUT_FILENO)
        } catch {
            exit(0)
        }
    }
}

/// OCR turns as the daemon gives them: the worker says `ocr` on its standard output and
/// waits for one byte on its standard input, ACK (go, then `ocr done` after the page) or
/// NAK (put the document off). Nothing else comes on the input meanwhile: the daemon hands
/// a path only to a worker without a file, and closes it only to stop the worker.
final class DaemonOCRTurns: OCRTurns {
    /// Whether a turn was taken since this was last reset (after each document).
    let taken = Atomic(false)

    func take() -> Bool {
        WorkerLoop.answer("ocr")
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            // The end of the input: the daemon is stopping (SIGTERM), and the document in
            // hand is finished, turn or not, before the worker exits.
            if count <= 0 { return true }
            guard byte == Self.go else { return false }
            taken.store(true, ordering: .relaxed)
            return true
        }
    }

    /// The daemon's byte for a turn (ASCII ACK); any other (NAK) puts the document off.
    static let go: UInt8 = 0x06

    func giveBack() {
        WorkerLoop.answer("ocr done")
    }
}

private extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" ? " " : $0 })
    }
}
