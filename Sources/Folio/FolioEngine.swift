public import FolioCore
public import FolioLoaders
internal import FolioStore
public import FolioText
internal import FolioIndexer
internal import FolioSemantic
internal import FoundationEssentials
internal import Synchronization

/// Folio as a library: one index of documents, what they say found by words (and by
/// meaning, where the index has vectors), with the page and an excerpt of each hit.
///
/// The engine is a facade over the pieces Folio's own programs use, not a second
/// pipeline: a file is read by the same loaders, its running headers and footers dropped
/// by the same filter, cut by the same chunker and written by the same store as
/// `foliod` does, and a search ranks exactly as `folioq` does.
///
/// Every method blocks its caller while it reads files or the database: call them from a
/// thread of your own or a detached task, not from the main actor. An engine is safe to
/// share between threads; they take turns on its one connection.
public final class FolioEngine: Sendable {
    /// The database file, or `nil` for an engine in memory.
    public let databasePath: String?
    /// Whether this engine only searches (`ingest` and `deleteSource` throw).
    public var isReadOnly: Bool { index.store == nil }
    let configuration: FolioConfiguration
    let index: Backend
    let registry: Mutex<LoaderRegistry>
    private let chunker: Mutex<(any Chunker)?>
    /// Where a query's vector comes from, made at the first search by meaning.
    let meaning = Mutex<MeaningSearch?>(nil)
    let environment: [String: String]

    /// Opens the index at `path`, by default the one `foliod` writes
    /// (`$XDG_DATA_HOME/folio/folio.sqlite`), creating it when missing unless `readOnly`.
    ///
    /// A read-only engine searches beside a running `foliod` without ever waiting for it or
    /// writing anything; a writable one shares the file with it (SQLite's WAL: readers never
    /// wait, writers take turns). Sources whose identifier is not an absolute path are
    /// never touched by `foliod`, whose documents are the files under its folders.
    ///
    /// `configuration` sets the chunk size, the PDF backend, OCR and the embedding model;
    /// `FolioConfiguration(toml:file:)` reads the user's `config.toml`.
    public init(path: String? = nil, readOnly: Bool = false, configuration: FolioConfiguration = .default) throws(FolioEngineError) {
        environment = ProcessInfo.processInfo.environment
        let path = path ?? FolioPaths(environment: environment).databaseFile
        databasePath = path
        self.configuration = configuration
        do {
            index = readOnly ? .reader(try IndexReader(path: path)) : .store(try IndexStore(path: path))
        } catch {
            throw .store(error)
        }
        registry = Mutex(.standard)
        chunker = Mutex(nil)
    }

    private init(memory store: IndexStore, configuration: FolioConfiguration) {
        databasePath = nil
        environment = ProcessInfo.processInfo.environment
        self.configuration = configuration
        index = .store(store)
        registry = Mutex(.standard)
        chunker = Mutex(nil)
    }

    /// An engine whose index lives in this process's memory and ends with it: for tests,
    /// and for an app that searches a few documents it holds. It searches by words only
    /// (vectors are made for the index on disk).
    public static func inMemory(configuration: FolioConfiguration = .default) throws(FolioEngineError) -> FolioEngine {
        do {
            return FolioEngine(memory: try IndexStore.inMemory(), configuration: configuration)
        } catch {
            throw .store(error)
        }
    }

    /// Reads files with the given extensions (`["mdx"]`) with `loader`; with none, `loader`
    /// reads every file of its `kind` in place of Folio's own (`MarkdownLoader`, …).
    /// Applies to what is ingested from now on.
    public func register(_ loader: any DocumentLoader, forExtensions extensions: [String] = []) {
        registry.withLock { $0.register(loader, forExtensions: extensions) }
    }

    /// Cuts documents with `chunker` instead of Folio's `WordChunker` from now on. Sources
    /// ingested before keep their chunks until they are ingested again.
    public func use(_ chunker: any Chunker) {
        self.chunker.withLock { $0 = chunker }
    }

    /// The sources in the index, sorted by identifier, with what became of each.
    public func listSources() throws(FolioEngineError) -> [Source] {
        do {
            return try index.catalog.documents(in: .everything, status: nil).map(Source.init)
        } catch {
            throw .store(error)
        }
    }

    /// Removes a source and everything derived from it; `false` when there was none.
    @discardableResult
    public func deleteSource(_ sourceId: String) throws(FolioEngineError) -> Bool {
        guard let store = index.store else { throw .readOnly(operation: "delete \(sourceId)") }
        do {
            return try store.purge(.file(sourceId)) > 0
        } catch {
            throw .store(error)
        }
    }

    /// The indexer with the loaders and chunker registered so far.
    func indexer(_ store: IndexStore) -> DocumentIndexer {
        DocumentIndexer(store: store, configuration: configuration, registry: registry.withLock { $0 },
                        chunker: chunker.withLock { $0 })
    }
}

extension FolioEngine {
    /// The writable store, or the read-only reader, of an engine.
    enum Backend: Sendable {
        case store(IndexStore)
        case reader(IndexReader)

        /// The store, unless the engine only reads.
        var store: IndexStore? {
            if case let .store(store) = self { store } else { nil }
        }

        var catalog: any DocumentCatalog {
            switch self {
            case let .store(store): store
            case let .reader(reader): reader
            }
        }

        /// What a search reads: the store's own connection, or the reader's.
        var searchIndex: any SearchIndex {
            switch self {
            case let .store(store): store
            case let .reader(reader): reader
            }
        }
    }
}
