public import FolioCore
public import FolioStore
internal import FolioSystem
internal import Glibc

/// The worker side of the daemon (`foliod-worker`): reads NUL-terminated paths on standard
/// input, brings each one's document up to date in the database, and answers one line
/// per file on standard output (`indexed`, `partial`, `failed`, `unchanged`, `gone`, or
/// `error<TAB>message` when the database refused, `full<TAB>message` when it refused for
/// want of disk space). It exits at the end of its input.
public enum WorkerLoop {
    public static func run(store: IndexStore, configuration: FolioConfiguration) {
        let indexer = DocumentIndexer(store: store, configuration: configuration)
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
                answer(handle(path, indexer: indexer, store: store))
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
            }
        } catch {
            if case .diskFull = error { return "full\t\(error)".replacingNewlines() }
            return "error\t\(error)".replacingNewlines()
        }
    }

    /// Sends one answer; a parent that is gone ends the worker.
    private static func answer(_ line: String) {
        do {
            try FileDescriptor.writeAll(Array((line + "\n").utf8), to: STDOUT_FILENO)
        } catch {
            exit(0)
        }
    }
}

private extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" ? " " : $0 })
    }
}
