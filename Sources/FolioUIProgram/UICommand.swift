public import ArgumentParser
internal import Dispatch
internal import FolioCLI
internal import FolioCore
internal import FolioSystem
internal import FolioUI
internal import Glibc

/// `folio ui`: Folio in the browser. Finds the user's running server (`UISessionFile`) or
/// starts one in the background (this binary again, `folio ui --serve`), then opens its
/// page in the default browser, or prints its address (`--no-open`).
public struct UICommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "folio ui",
        abstract: "Open Folio in the browser: search, page previews, answers, the library.",
        discussion: """
            Starts a server on 127.0.0.1 (when none runs for you) and opens its page; the page is handed a secret \
            that every request must carry. The server reads the index, never the network beyond loopback, and \
            ends after --idle-minutes without a request.
            """)

    @OptionGroup var common: CommonOptions

    @Flag(name: .long, help: "Print the page's address instead of opening the browser.")
    var noOpen = false

    @Option(name: .long, help: "End the server after this many minutes without a request.")
    var idleMinutes = 30

    /// The same in seconds, for the tests.
    @Option(name: .long, help: .hidden)
    var idleSeconds: Int?

    private var idle: Int { max(1, idleSeconds ?? idleMinutes * 60) }

    @Flag(name: .long, help: .hidden)
    var serve = false

    public init() {}

    public func run() throws {
        let configuration: FolioConfiguration
        do {
            configuration = try common.configuration()
        } catch {
            throw ExitStatus.fail("folio ui", error)
        }
        if serve { return try serveHere(configuration) }
        let session = try UISessionFile.running(common.paths) ?? startServer()
        if noOpen {
            Output.standard(session.url + "\n")
            return
        }
        // The default browser, as the desktop opens a link; without one, the address to open.
        do {
            let pid = try ChildProcess.spawn(["xdg-open", session.url], newSession: true)
            guard try ChildProcess.wait(pid, program: "xdg-open") == 0 else { throw ExitStatus.error }
            Output.error("folio ui: opened \(session.url.split(separator: "?").first ?? "") in your browser\n")
        } catch {
            Output.standard("Open this address in your browser: \(session.url)\n")
        }
    }

    /// This binary again as `folio ui --serve`, in a session of its own (it outlives the
    /// terminal), its messages in the runtime folder; the session once it listens.
    private func startServer() throws -> UISessionFile {
        let pid: Int32
        do {
            try Directory.makePrivate(common.paths.runtimeDirectory)
            let log = try systemCall("open", path: common.paths.runtimeDirectory + "/ui.log") {
                open(common.paths.runtimeDirectory + "/ui.log", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            }
            defer { close(log) }
            pid = try ChildProcess.spawn([WorkerProgram.runningExecutable, "ui", "--serve", "--idle-seconds", String(idle)] + common.workerOptions,
                                         standardOutput: log, standardError: log, newSession: true)
        } catch {
            throw ExitStatus.fail("folio ui", error)
        }
        for _ in 0..<200 {
            if let session = UISessionFile.running(common.paths), session.pid == pid { return session }
            if waitpid(pid, nil, WNOHANG) == pid { break }
            usleep(50_000)
        }
        throw ExitStatus.fail("folio ui", UICommandError.didNotStart(log: common.paths.runtimeDirectory + "/ui.log"))
    }

    private func serveHere(_ configuration: FolioConfiguration) throws {
        let server = UIServer(databasePath: common.databasePath, configuration: configuration, paths: common.paths,
                              environment: Environment.variables, embedderProgram: common.embedderProgram, idleSeconds: idle)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        Task {
            do {
                try await server.run { session in Output.standard("folio ui: listening on http://127.0.0.1:\(session.port)/\n") }
            } catch {
                failure = error
            }
            done.signal()
        }
        done.wait()
        if let failure { throw ExitStatus.fail("folio ui", failure) }
    }
}

enum UICommandError: Error, CustomStringConvertible {
    case didNotStart(log: String)

    var description: String {
        switch self {
        case let .didNotStart(log): "the server did not start; \(log) says why"
        }
    }
}
