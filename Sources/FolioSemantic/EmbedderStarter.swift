public import FolioCore
internal import FolioEmbedding
internal import FolioProtocol
internal import FolioSystem
internal import Glibc

/// Starts the embedder process for a search by meaning that found none running, so that no
/// search loads a cold model of its own (`folioq` is a process per search): foliod's own
/// when foliod runs, else one started here that ends after its idle minutes. The search
/// that starts it is answered by words and says so (`Notice`); the next ones ask it.
public struct EmbedderStarter {
    /// `foliod-worker` with its `--db` and `--config`.
    let workerArguments: [String]
    let paths: FolioPaths
    let options: EmbeddingOptions
    /// The embedder started by this process, until it is reaped.
    private var started: pid_t?

    /// `workerArguments`: `foliod-worker` with the `--db` and `--config` of the search.
    public init(workerArguments: [String], paths: FolioPaths, options: EmbeddingOptions) {
        self.workerArguments = workerArguments
        self.paths = paths
        self.options = options
    }

    /// Why a search goes without meaning while the model starts, or why it cannot start.
    public enum Notice: Error, Equatable, CustomStringConvertible {
        /// Started now, by foliod (`byDaemon`) or by this search.
        case started(byDaemon: Bool)
        /// Another search started it a moment ago.
        case loading
        case cannotStart(reason: String)

        public var description: String {
            switch self {
            case let .started(byDaemon):
                "the embedding model is loading (\(byDaemon ? "foliod started its embedder" : "its embedder started now")); the next searches use meaning"
            case .loading: "the embedding model is still loading; the next searches use meaning"
            case let .cannotStart(reason): reason
            }
        }
    }

    /// A failure of an embedder started here is said for this long before one is started
    /// again, as foliod does with its own.
    static let failureMemorySeconds = 600

    /// Starts the embedder, or finds it starting, and says which.
    public mutating func start() -> Notice {
        if let pid = started, waitpid(pid, nil, WNOHANG) == pid { started = nil }
        do {
            _ = try LocalModelLocation.find(options: options, paths: paths)
        } catch {
            return .cannotStart(reason: "\(error)")
        }
        switch askDaemon() {
        case .answered(.done): return .started(byDaemon: true)
        case let .answered(.failed(reason)): return .cannotStart(reason: reason)
        case .answered(.status), .unreadable: return .cannotStart(reason: "foliod did not start its embedder: it comes from another build of Folio; restart it")
        case .busy: return .cannotStart(reason: "foliod did not answer within a second; folioctl status says what it is doing")
        case .notRunning: break
        }
        if ProcessLock.holder(paths.embedderLock) != nil { return .loading }
        if let failure = recentFailure() {
            return .cannotStart(reason: "the embedder failed at its start: \(failure) (\(paths.embedderLog)); it is tried again ten minutes later")
        }
        do {
            try Directory.makePrivate(paths.runtimeDirectory)
            let log = try systemCall("open", path: paths.embedderLog) {
                open(paths.embedderLog, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
            }
            defer { close(log) }
            // A session of its own: it outlives this search and its terminal.
            started = try ChildProcess.spawn(workerArguments + ["--embedder"], standardError: log, newSession: true)
            return .started(byDaemon: false)
        } catch {
            return .cannotStart(reason: "the embedder could not be started: \(error)")
        }
    }

    private enum DaemonAnswer {
        case answered(ControlReply)
        case unreadable
        case busy
        case notRunning
    }

    /// foliod's answer to `startEmbedder`.
    private func askDaemon() -> DaemonAnswer {
        do {
            let line = try LineClient.exchange(ControlCommand.startEmbedder.line, with: paths.controlSocket, timeoutMilliseconds: 1000)
            return (try? ControlReply(line: line)).map(DaemonAnswer.answered) ?? .unreadable
        } catch .notListening {
            return .notRunning
        } catch {
            return .busy
        }
    }

    /// The last line an embedder started here wrote before it ended, when that was recent.
    private func recentFailure() -> String? {
        guard let status = try? FileStatus.of(paths.embedderLog), status.size > 0,
              Int64(time(nil)) - status.modificationTimeNanoseconds / 1_000_000_000 < Int64(Self.failureMemorySeconds),
              let bytes = try? FileReader.readAll(paths.embedderLog, limit: 65_536) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        return lines.last.map(String.init)
    }
}
