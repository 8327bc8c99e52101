internal import CMemory
internal import FolioCLI
public import FolioCore
internal import FolioSearch
internal import FolioSystem
internal import Glibc
internal import Hummingbird
internal import Logging
internal import Synchronization

/// `folio ui`'s server: Hummingbird on 127.0.0.1 at a port the system picks, every request
/// through `AccessGuard`, the routes of `UIRoutes`. It writes where it is and its token to
/// `UISessionFile` once it listens, and ends after `idleSeconds` without a request.
public struct UIServer: Sendable {
    public var databasePath: String
    public var configuration: FolioConfiguration
    public var paths: FolioPaths
    public var environment: [String: String]
    /// `foliod-worker` with this database and configuration, for the query's meaning.
    public var embedderProgram: [String]?
    public var idleSeconds: Int

    public init(databasePath: String, configuration: FolioConfiguration, paths: FolioPaths, environment: [String: String],
                embedderProgram: [String]?, idleSeconds: Int) {
        self.databasePath = databasePath
        self.configuration = configuration
        self.paths = paths
        self.environment = environment
        self.embedderProgram = embedderProgram
        self.idleSeconds = idleSeconds
    }

    /// Serves until idle; `listening` is called with the session once the port is known.
    public func run(listening: @escaping @Sendable (UISessionFile) -> Void) async throws {
        let token = UISessionFile.newToken()
        let port = AccessGuard<BasicRequestContext>.Port()
        let lastRequest = Mutex(MonotonicClock.seconds())
        let session = IndexSession(databasePath: databasePath, configuration: configuration, paths: paths, environment: environment,
                                   embedderProgram: embedderProgram)
        let touched: @Sendable () -> Void = { lastRequest.withLock { $0 = MonotonicClock.seconds() } }
        let routes = UIRoutes(session: session, environment: environment, touched: touched)
        let router = Router()
        router.add(middleware: AccessGuard(token: token, port: port, touched: touched))
        routes.register(on: router)
        var logger = Logger(label: "folio-ui")
        logger.logLevel = .error
        let paths = self.paths
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                              onServerRunning: { channel in
                                  let bound = channel.localAddress?.port ?? 0
                                  port.set(bound)
                                  let file = UISessionFile(pid: getpid(), port: bound, token: token)
                                  try? file.write(paths)
                                  listening(file)
                              }, logger: logger)
        let idleSeconds = Double(self.idleSeconds)
        // Looked at every 10 s (more often for a shorter wait, in the tests).
        let look = UInt32(min(10, max(1, self.idleSeconds / 3)))
        // Ends after the idle minutes: the reader closes a while after the last request,
        // the process once nothing has come for `idleSeconds`.
        // Requests work on threads of their own (`BackgroundThread`): two malloc arenas
        // rather than one for each, and what they freed handed back at rest.
        folio_memory_limit_arenas(2)
        BackgroundThread.detach {
            var lastCalls = -1
            while true {
                sleep(look)
                let idle = MonotonicClock.seconds() - lastRequest.withLock { $0 }
                let calls = session.calls
                if calls == lastCalls, idle > Double(look), routes.answers.current == 0 {
                    session.closeReader(after: calls)
                    routes.previews.forget()
                    folio_memory_release()
                }
                lastCalls = calls
                if idle > idleSeconds, routes.answers.current == 0 {
                    UISessionFile.remove(paths, pid: getpid())
                    exit(0)
                }
            }
        }
        defer { UISessionFile.remove(paths, pid: getpid()) }
        try await app.runService()
    }
}
