public import FolioCore
internal import FolioStore

/// The windows nearest a query's meaning, for `folioq`, the launchers and `FolioEngine`:
/// from the embedder process when one runs (the model is loaded there, and the vectors are
/// in its memory). When none runs, a program that searches once and ends starts one
/// (`EmbedderStarter`) and is answered by words meanwhile; a process that lives on
/// (`FolioEngine`) loads the model itself instead, once.
public final class MeaningSearch {
    let paths: FolioPaths
    let enabled: Bool
    private var local: QueryAnswerer
    private var starter: EmbedderStarter?

    /// `embedderProgram`: `foliod-worker` with the search's `--db` and `--config`, to start
    /// the embedder with when none runs; `nil`: the model is loaded in this process then.
    /// A model on a server (Ollama, OpenAI-compatible) is asked from this process either
    /// way: it has nothing to load.
    public init(configuration: FolioConfiguration, paths: FolioPaths, databasePath: String, environment: [String: String],
                embedderProgram: [String]? = nil) {
        self.paths = paths
        enabled = configuration.embeddings.provider != .none
        local = QueryAnswerer(databasePath: databasePath, embedder: nil, configuration: configuration, paths: paths, environment: environment)
        if let embedderProgram, configuration.embeddings.provider == .local {
            starter = EmbedderStarter(workerArguments: embedderProgram, paths: paths, options: configuration.embeddings)
        }
    }

    /// `nil` when semantic search is off (`[embeddings] provider = "none"`) or the index
    /// has no vectors yet. Throws when there are vectors but the model to embed the query
    /// with cannot run here.
    public func nearest(_ text: String, limit: Int) throws -> NearestWindows? {
        try finish(begin(text, limit: limit, filters: nil))
    }

    /// Asks the embedder process, when one runs, without waiting for its answer: the
    /// caller ranks the query's words meanwhile (`Searcher`, `SearchIndex.findWords`), then
    /// calls `finish`. `filters`: only among the windows they allow.
    public func begin(_ text: String, limit: Int, filters: SearchFilters?) -> Request {
        Request(text: text, limit: limit, filters: filters, pending: enabled
            ? EmbedderClient.start(.nearest(text: text, limit: limit, database: local.databasePath, filters: filters),
                                   socket: paths.embedderSocket) : nil)
    }

    /// The embedder's answer to `request`. When none runs, throws `EmbedderStarter.Notice`
    /// after starting one, or (without `embedderProgram`) computes the windows here; so it
    /// does when the embedder failed to answer.
    public func finish(_ request: Request) throws -> NearestWindows? {
        guard enabled else { return nil }
        if let reply = request.pending?.reply(), reply.error == nil {
            return reply.model.map { NearestWindows(model: $0, windows: reply.windows) }
        }
        if request.pending == nil, starter != nil { throw starter!.start() }
        return try local.nearest(request.text, limit: request.limit, filters: request.filters)
    }

    /// A query's meaning asked for (`begin`).
    public struct Request {
        let text: String
        let limit: Int
        let filters: SearchFilters?
        let pending: EmbedderClient.Pending?
    }

    /// How many windows a search reads from the meaning side: enough for `Fusion.depth`
    /// documents (a document has one to a few hundred windows; most results are short).
    public static let windowDepth = 300
}
