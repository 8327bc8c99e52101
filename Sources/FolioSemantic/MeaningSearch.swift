public import FolioCore
public import FolioStore

/// The windows nearest a query's meaning, for `folioq` and the launchers: from the
/// embedder process when one runs (the model is loaded there, and the vectors are in its
/// memory), else computed in this process, which then loads the model itself (a few
/// hundred milliseconds; a launcher keeps it for the next keystrokes).
public final class MeaningSearch {
    let paths: FolioPaths
    let enabled: Bool
    private var local: QueryAnswerer

    public init(configuration: FolioConfiguration, paths: FolioPaths, databasePath: String, environment: [String: String]) {
        self.paths = paths
        enabled = configuration.embeddings.provider != .none
        local = QueryAnswerer(databasePath: databasePath, embedder: nil, configuration: configuration, paths: paths, environment: environment)
    }

    /// `nil` when semantic search is off (`[embeddings] provider = "none"`) or the index
    /// has no vectors yet. Throws when there are vectors but the model to embed the query
    /// with cannot run here.
    public func nearest(_ text: String, limit: Int) throws -> NearestWindows? {
        try finish(begin(text, limit: limit))
    }

    /// Asks the embedder process, when one runs, without waiting for its answer: the
    /// caller ranks the query's words meanwhile (`Searcher`, `SearchIndex.findWords`), then
    /// calls `finish`.
    public func begin(_ text: String, limit: Int) -> Request {
        Request(text: text, limit: limit, pending: enabled
            ? EmbedderClient.start(.nearest(text: text, limit: limit, database: local.databasePath), socket: paths.embedderSocket) : nil)
    }

    /// The embedder's answer to `request`, or without one (none runs, or it failed) the
    /// windows computed here.
    public func finish(_ request: Request) throws -> NearestWindows? {
        guard enabled else { return nil }
        if let reply = request.pending?.reply(), reply.error == nil {
            return reply.model.map { NearestWindows(model: $0, windows: reply.windows) }
        }
        return try local.nearest(request.text, limit: request.limit)
    }

    /// A query's meaning asked for (`begin`).
    public struct Request {
        let text: String
        let limit: Int
        let pending: EmbedderClient.Pending?
    }

    /// How many windows a search reads from the meaning side: enough for `Fusion.depth`
    /// documents (a document has one to a few hundred windows; most results are short).
    public static let windowDepth = 300
}
