public import FolioCore
public import FolioSemantic
public import FolioStore
internal import FolioProtocol
internal import Synchronization

/// The index as a long-running reader keeps it (`folio mcp`, `folio ui`): opened on the
/// first call, opened anew when foliod replaced the file (a rebuilt index), closed when the
/// calls stop (`closeReader(after:)`), and the query's meaning from the embedder process.
/// Calls take turns: SQLite's reader is not shared between threads here.
public final class IndexSession: Sendable {
    public let databasePath: String
    public let configuration: FolioConfiguration
    public let paths: FolioPaths
    private let state: Mutex<State>

    struct State: ~Copyable {
        var index: ReopeningReader
        var meaning: MeaningSearch?
        /// Calls so far: a release of the reader scheduled after one is void once another came.
        var calls = 0
    }

    /// What a call reads with: the reader, or why there is none yet, and where the query's
    /// meaning comes from (`nil`: words only).
    public struct Index {
        public var reader: IndexReader?
        public var unavailable: String?
        public var meaning: MeaningSearch?
    }

    /// `embedderProgram`: `foliod-worker` with this database and configuration, which the
    /// first search by meaning starts when no embedder runs (answering by words meanwhile,
    /// and saying so), as `folioq` does; `nil`: by words only.
    public init(databasePath: String, configuration: FolioConfiguration, paths: FolioPaths, environment: [String: String],
                embedderProgram: [String]?) {
        self.databasePath = databasePath
        self.configuration = configuration
        self.paths = paths
        let meaning = embedderProgram.map {
            MeaningSearch(configuration: configuration, paths: paths, databasePath: databasePath, environment: environment, embedderProgram: $0)
        }
        state = Mutex(State(index: ReopeningReader(path: databasePath), meaning: meaning))
    }

    /// Runs `body` with the reader, or without one and the reason there is nothing to read yet.
    public func withIndex<T: Sendable, Failure: Error>(_ body: (Index) throws(Failure) -> T) throws(Failure) -> T {
        try state.withLock { state throws(Failure) -> T in
            var reader: IndexReader?
            var unavailable: String?
            do {
                reader = try state.index.current()
            } catch {
                unavailable = describe(error)
            }
            state.calls += 1
            return try body(Index(reader: reader, unavailable: unavailable, meaning: state.meaning))
        }
    }

    /// The number of calls so far, for `closeReader(after:)`.
    public var calls: Int { state.withLock { $0.calls } }

    /// Closes the index (its mapping, its cache) unless a call came after the `calls`th.
    public func closeReader(after calls: Int) {
        state.withLock { state in
            if state.calls == calls { state.index.close() }
        }
    }

    /// `request` searched (`Searcher`), as `folioq --json` gives it, with a note saying why
    /// there is nothing to search yet, why the search was by words alone, or that nothing
    /// was found.
    public func search(_ text: String, _ request: SearchRequest, in index: Index) throws(StoreError) -> NotedSearchResults {
        guard let reader = index.reader else { return NotedSearchResults(results: nil, note: index.unavailable) }
        let results = try Searcher(index: reader, meaning: request.mode == .lexical ? nil : index.meaning).search(request)
        var note = results.meaningUnavailable.map { "searched by words only: \($0)" }
        if results.hits.isEmpty { note = [note, "nothing found"].compactMap { $0 }.joined(separator: "; ") }
        let threads = try reader.mailThreads(of: results.hits.filter { $0.kind == .mail }.map(\.path))
        return NotedSearchResults(results: SearchResultsJSON(query: text, results: results, threads: threads), note: note)
    }

    /// What an index error means to whoever asked, in `folioq`'s words (`IndexAvailability`,
    /// asking the running foliod whether it keeps this index), else the error as it is.
    public func describe(_ error: any Error) -> String {
        guard let error = error as? StoreError, let state = IndexAvailability(error) else { return "\(error)" }
        return state.message(keptByRunningDaemon: ControlClient.status(socketPath: paths.controlSocket)?.database == state.path)
    }
}

/// `folioq --json`'s document, with `note` saying why there is nothing to search yet or
/// why the search was by words alone: what `folio mcp`'s search tool and `folio ui`'s
/// `/api/search` answer.
public struct NotedSearchResults: Encodable, Sendable {
    public var results: SearchResultsJSON?
    public var note: String?

    public func encode(to encoder: any Encoder) throws {
        if let results { try results.encode(to: encoder) }
        var container = encoder.container(keyedBy: Key.self)
        if let note { try container.encode(note, forKey: .note) } else { try container.encodeNil(forKey: .note) }
        if results == nil { try container.encode([String](), forKey: .results) }
    }

    enum Key: String, CodingKey { case note, results }
}
