public import FolioCore
public import FolioProtocol
public import FolioSemantic
public import FolioStore

/// What foliod and the index say of themselves, gathered in one place for `folioctl status`,
/// the `status` tool (`folio mcp` and the model's) and the window's library: whether foliod
/// runs and what it does, what the index holds, how far the semantic stage is, the drives
/// not mounted, and why nothing can be read when so.
public struct IndexStatus: Sendable, Encodable {
    public var daemon: DaemonStatus?
    /// Set when a foliod answered in a way this build cannot read (another build).
    public var daemonError: String?
    public var database: String
    public var counts: IndexCounts?
    /// `nil` when the configuration could not be read.
    public var semantic: SemanticReport?
    /// The drives and shares not mounted, with the documents kept from each.
    public var offline: [OfflineFolder]
    /// Why the index cannot be read (`IndexAvailability`), when so.
    public var note: String?

    public var running: Bool { daemon != nil || daemonError != nil }

    /// The running foliod's status, or why it could not be read (`nil`, `nil`: none runs).
    public static func askDaemon(socketPath: String) -> (status: DaemonStatus?, error: String?) {
        do {
            if case let .status(status) = try ControlClient(socketPath: socketPath).send(.status) { return (status, nil) }
            return (nil, nil)
        } catch .unreadable(let error) {
            return (nil, "\(error)")
        } catch {
            return (nil, nil)
        }
    }

    /// The status with foliod's answer (`askDaemon`) and the index as `reader` reads it
    /// (`nil`, with `unavailable` saying why, when it cannot be read).
    public init(daemon: (status: DaemonStatus?, error: String?), database: String, reader: IndexReader?, unavailable: String? = nil,
                configuration: FolioConfiguration?, paths: FolioPaths) {
        self.daemon = daemon.status
        daemonError = daemon.error
        self.database = database
        counts = try? reader?.counts()
        semantic = configuration.map { SemanticReport.gather(options: $0.embeddings, paths: paths, reader: reader) }
        offline = (try? reader?.offlineFolders(offlineDays: (configuration ?? .default).daemon.offlineDays)) ?? []
        note = unavailable
    }

    /// The `status` tool's JSON: `running`, `daemon`, `database`, `counts`, `semantic`,
    /// `offline`, `note` (docs/mcp.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(running, forKey: .running)
        try container.encodeIfPresent(daemon, forKey: .daemon)
        try container.encode(database, forKey: .database)
        try container.encodeIfPresent(counts, forKey: .counts)
        try container.encodeIfPresent(semantic, forKey: .semantic)
        try container.encode(offline, forKey: .offline)
        try container.encodeIfPresent(note, forKey: .note)
    }

    private enum Key: String, CodingKey { case running, daemon, database, counts, semantic, offline, note }
}
