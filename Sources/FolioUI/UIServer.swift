internal import CMemory
public import FolioCore
internal import FolioSearch
internal import FolioSystem
internal import Glibc
internal import Hummingbird
internal import Logging

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
        let port = Shared(0)
        // At rest (no request for 10 s, or a third of the idle time, and no answer being
        // written) the index is closed, the pages kept let go and the memory freed handed
        // back, once until the next request; after `idleSeconds` the process ends.
        let idleMilliseconds = Int64(idleSeconds) * 1000
        let idle = Shared(IdleCore(restMilliseconds: min(10_000, idleMilliseconds / 3), endMilliseconds: idleMilliseconds,
                                   now: MonotonicClock.milliseconds()))
        let session = IndexSession(databasePath: databasePath, configuration: configuration, paths: paths, environment: environment,
                                   embedderProgram: embedderProgram)
        let routes = UIRoutes(session: session, environment: environment, idle: idle)
        let router = Router()
        router.add(middleware: AccessGuard(token: token, port: port, idle: idle))
        routes.register(on: router)
        var logger = Logger(label: "folio-ui")
        logger.logLevel = .error
        let paths = self.paths
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                              onServerRunning: { channel in
                                  let bound = channel.localAddress?.port ?? 0
                                  port.update { $0 = bound }
                                  let file = UISessionFile(pid: getpid(), port: bound, token: token)
                                  try? file.write(paths)
                                  listening(file)
                              }, logger: logger)
        // Requests work on threads of their own (`BackgroundThread`): two malloc arenas
        // rather than one for each.
        folio_memory_limit_arenas(2)
        EventLoop.timer(deadline: { idle.current.deadline }, otherwise: 1000) { now in
            for action in idle.update({ $0.tick(now: now) }) {
                switch action {
                case .rest:
                    session.closeReader(after: session.calls)
                    routes.previews.forget()
                    folio_memory_release()
                case .end:
                    UISessionFile.remove(paths, pid: getpid())
                    exit(0)
                }
            }
        }
        defer { UISessionFile.remove(paths, pid: getpid()) }
        try await app.runService()
    }
}
