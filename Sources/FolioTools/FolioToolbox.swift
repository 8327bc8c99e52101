public import FolioCore
internal import FolioProtocol
public import FolioSearch
internal import FolioSemantic
internal import FolioStore
internal import FolioSystem
internal import FolioText
public import FoundationEssentials

/// What `folio mcp`'s tools do, apart from the protocol: the same search as `folioq`
/// (`Searcher`, the embedder process for the query's meaning), a document's passages, its
/// sources and status, all read from the index read-only (`IndexSession`).
public final class FolioToolbox: Sendable {
    let session: IndexSession
    var databasePath: String { session.databasePath }
    var configuration: FolioConfiguration { session.configuration }
    var paths: FolioPaths { session.paths }

    /// How long the reader stays open after a call: the calls of an assistant's turn come
    /// in a burst, and between turns the server gives back the index's pages it mapped
    /// (docs/benchmarks.md, "Folio for assistants").
    public static let readerIdleSeconds = 10

    /// `embedderProgram`: see `IndexSession`.
    public init(databasePath: String, configuration: FolioConfiguration, paths: FolioPaths, environment: [String: String],
                embedderProgram: [String]?) {
        session = IndexSession(databasePath: databasePath, configuration: configuration, paths: paths, environment: environment,
                               embedderProgram: embedderProgram)
    }

    /// The tools on an index session a program already has (the window's).
    public init(session: IndexSession) {
        self.session = session
    }

    /// Runs the tool `name` with `arguments` (checked against its schema's names); its
    /// result as JSON text, keys in snake case as `folioq --json` writes them.
    public func run(_ name: String, arguments values: [String: JSONValue]?) throws(ToolError) -> Data {
        guard let allowed = ToolCatalog.arguments(of: name) else { throw .unknownTool(name) }
        let arguments = try ToolArguments(tool: name, values: values, allowed: allowed)
        let output = try call(name, arguments)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(output)
        } catch {
            throw .index("\(name): its result could not be written as JSON: \(error)")
        }
    }

    /// Runs the tool `name`; its result as JSON-encodable output.
    func call(_ name: String, _ arguments: ToolArguments) throws(ToolError) -> any Encodable & Sendable {
        switch name {
        case ToolCatalog.search: try search(arguments)
        case ToolCatalog.read: try read(arguments)
        case ToolCatalog.thread: try thread(arguments)
        case ToolCatalog.listSources: try listSources(arguments)
        case ToolCatalog.status: try status()
        default: throw .unknownTool(name)
        }
    }

    // MARK: search

    func search(_ arguments: ToolArguments) throws(ToolError) -> NotedSearchResults {
        var (text, request) = try searchRequest(arguments)
        return try withIndex { index throws(ToolError) in
            if let reader = index.reader, let path = try arguments.string("path") { request.scope = try scope(path, in: reader, tool: arguments.tool) }
            do {
                return try session.search(text, request, in: index)
            } catch {
                throw .index(session.describe(error))
            }
        }
    }

    /// The query and the request a `search` call's arguments make (its `path` aside,
    /// which needs the index).
    func searchRequest(_ arguments: ToolArguments) throws(ToolError) -> (String, SearchRequest) {
        let given = try arguments.string("query")
        let text: String
        do {
            text = try SearchArguments.text(given, name: "query")
        } catch {
            throw ToolError(error, tool: arguments.tool)
        }
        let mode = try arguments.choice("mode", SearchMode.self) ?? .hybrid
        let limit = try arguments.integer("limit", in: 1...ToolCatalog.maximumResults) ?? ToolCatalog.defaultResults
        var request = SearchRequest(query: SearchQuery(parsing: ""), limit: limit, kinds: Set(try arguments.choices("type", DocumentKind.self)),
                                    snippetWords: 32, mode: mode)
        do {
            request.query = try SearchArguments.words(text, name: "query", into: &request.filters)
        } catch {
            throw ToolError(error, tool: arguments.tool)
        }
        return (text, request)
    }

    // MARK: read

    struct ReadOutput: Encodable, Sendable {
        var path: String
        @Nullable var title: String?
        var type: String
        var pages: Int
        var chunks: Int
        var passages: [Passage]
        /// Whether the text was cut to the limit (`ToolCatalog.maximumReadCharacters`).
        var truncated: Bool
        /// The chunk after the last one handed over, to read on from; `nil` at the end.
        @Nullable var nextChunk: Int?

        struct Passage: Encodable, Sendable {
            var chunk: Int
            var pageFirst: Int
            var pageLast: Int
            @Nullable var pageLabel: String?
            @Nullable var section: String?
            var text: String

            enum CodingKeys: String, CodingKey {
                case chunk, section, text
                case pageFirst = "page_first", pageLast = "page_last", pageLabel = "page_label"
            }
        }

        enum CodingKeys: String, CodingKey {
            case path, title, type, pages, chunks, passages, truncated
            case nextChunk = "next_chunk"
        }
    }

    func read(_ arguments: ToolArguments) throws(ToolError) -> ReadOutput {
        let path = try normalised(try arguments.requiredString("path"), tool: arguments.tool)
        let chunk = try arguments.integer("chunk", in: 0...Int.max)
        let page = try arguments.integer("page", in: 1...Int.max)
        if chunk != nil, page != nil {
            throw .invalidArgument(tool: arguments.tool, name: "page", reason: "cannot be given with chunk: name one of them")
        }
        let around = try arguments.integer("around", in: 0...ToolCatalog.maximumAround) ?? 1
        return try withIndex { index throws(ToolError) in
            guard let reader = index.reader else { throw .index(index.unavailable ?? "") }
            do {
                guard let document = try reader.documents(in: .document(path)).first else { throw ToolError.notIndexed(path: path) }
                let centre = try page.map { page throws(StoreError) in try reader.chunk(of: path, page: page) ?? 0 } ?? chunk ?? 0
                guard centre < max(1, document.chunkCount) else {
                    throw ToolError.invalidArgument(tool: arguments.tool, name: "chunk",
                                                    reason: "must be below \(document.chunkCount), the document's chunks")
                }
                let found = try reader.passages(of: path, chunks: max(0, centre - around)...(centre + around))
                let (passages, truncated) = Self.withinLimit(found, centre: centre)
                let next = passages.last.map { $0.chunk + 1 }.flatMap { $0 < document.chunkCount ? $0 : nil }
                return ReadOutput(path: path, title: document.title, type: document.kind.rawValue, pages: document.pageCount,
                                  chunks: document.chunkCount, passages: passages, truncated: truncated, nextChunk: next)
            } catch let error as ToolError {
                throw error
            } catch {
                throw .index(session.describe(error))
            }
        }
    }

    /// The passages nearest `centre` (it first, then its neighbours alternately, after then
    /// before) whose text fits the limit, without a gap: a side ends at its first passage
    /// that does not fit. The centre's own text is cut to the limit if it alone is longer.
    static func withinLimit(_ passages: [DocumentPassage], centre: Int) -> ([ReadOutput.Passage], Bool) {
        var budget = ToolCatalog.maximumReadCharacters
        var kept: [DocumentPassage] = []
        var truncated = false
        var full = (before: false, after: false)
        let order = passages.sorted { (abs($0.chunk - centre), $0.chunk < centre ? 1 : 0) < (abs($1.chunk - centre), $1.chunk < centre ? 1 : 0) }
        for var passage in order {
            let before = passage.chunk < centre
            if before ? full.before : full.after { continue }
            let length = passage.text.unicodeScalars.count
            if length <= budget {
                budget -= length
            } else if kept.isEmpty {
                passage.text = String(String.UnicodeScalarView(passage.text.unicodeScalars.prefix(budget))) + "…"
                budget = 0
                truncated = true
            } else {
                truncated = true
                if before { full.before = true } else { full.after = true }
                continue
            }
            kept.append(passage)
        }
        return (kept.sorted { $0.chunk < $1.chunk }.map {
            ReadOutput.Passage(chunk: $0.chunk, pageFirst: $0.firstPage, pageLast: $0.lastPage, pageLabel: $0.pageLabel, section: $0.section,
                               text: $0.text)
        }, truncated)
    }

    // MARK: thread

    func thread(_ arguments: ToolArguments) throws(ToolError) -> ThreadTranscript {
        let path = try normalised(try arguments.requiredString("path"), tool: arguments.tool)
        return try withIndex { index throws(ToolError) in
            guard let reader = index.reader else { throw .index(index.unavailable ?? "") }
            do {
                guard let thread = try reader.mailThread(of: path) else { throw ToolError.notIndexed(path: path) }
                return try ThreadTranscript.read(thread, from: reader, limit: ToolCatalog.maximumReadCharacters)
            } catch let error as ToolError {
                throw error
            } catch {
                throw .index(session.describe(error))
            }
        }
    }

    // MARK: list_sources

    struct SourcesOutput: Encodable, Sendable {
        /// The folders foliod watches (the configuration's).
        var folders: [String]
        @Nullable var counts: IndexCounts?
        /// Documents matching the call's path and status, and those listed from `offset`.
        var matching: Int
        var offset: Int
        var documents: [Document]
        @Nullable var nextOffset: Int?
        @Nullable var note: String?

        struct Document: Encodable, Sendable {
            var path: String
            @Nullable var title: String?
            var type: String
            var pages: Int
            var status: String
            @Nullable var error: String?
        }

        enum CodingKeys: String, CodingKey {
            case folders, counts, matching, offset, documents, note
            case nextOffset = "next_offset"
        }
    }

    func listSources(_ arguments: ToolArguments) throws(ToolError) -> SourcesOutput {
        let status = try arguments.choice("status", DocumentStatus.self)
        let limit = try arguments.integer("limit", in: 1...ToolCatalog.maximumListed) ?? 50
        let offset = try arguments.integer("offset", in: 0...Int.max) ?? 0
        let folders = configuration.folders.map { paths.expandingTilde($0) }
        return try withIndex { index throws(ToolError) in
            guard let reader = index.reader else {
                return SourcesOutput(folders: folders, counts: nil, matching: 0, offset: offset, documents: [], nextOffset: nil,
                                     note: index.unavailable)
            }
            let scope = try arguments.string("path").map { path throws(ToolError) in try self.scope(path, in: reader, tool: arguments.tool) }
            do {
                let (documents, total) = try reader.documents(in: scope ?? .everything, status: status, limit: limit, offset: offset)
                let page = documents.map {
                    SourcesOutput.Document(path: $0.path, title: $0.title, type: $0.kind.rawValue, pages: $0.pageCount, status: $0.status.rawValue,
                                           error: $0.error)
                }
                return SourcesOutput(folders: folders, counts: try reader.counts(), matching: total, offset: offset, documents: page,
                                     nextOffset: offset + page.count < total ? offset + page.count : nil, note: nil)
            } catch {
                throw .index(session.describe(error))
            }
        }
    }

    // MARK: status

    func status() throws(ToolError) -> IndexStatus {
        let daemon = IndexStatus.askDaemon(socketPath: paths.controlSocket)
        return try withIndex { index in
            IndexStatus(daemon: daemon, database: databasePath, reader: index.reader, unavailable: index.unavailable, configuration: configuration,
                        paths: paths)
        }
    }

    // MARK: the index

    func withIndex<T: Sendable>(_ body: (IndexSession.Index) throws(ToolError) -> T) throws(ToolError) -> T {
        try session.withIndex(body)
    }

    /// The number of calls so far, for `closeReader(after:)`.
    public var calls: Int { session.calls }

    /// Closes the index unless a call came after the `calls`th.
    public func closeReader(after calls: Int) {
        session.closeReader(after: calls)
    }

    /// The search scope of a `path` argument, refused unless some indexed document lies there.
    func scope(_ path: String, in reader: IndexReader, tool: String) throws(ToolError) -> PathScope {
        do {
            return try SearchArguments.scope(path, paths: paths, reader: reader, session: session)
        } catch {
            throw ToolError(error, tool: tool)
        }
    }

    /// A `path` argument made absolute (`SearchArguments.path`).
    private func normalised(_ path: String, tool: String) throws(ToolError) -> String {
        do {
            return try SearchArguments.path(path, paths: paths)
        } catch {
            throw ToolError(error, tool: tool)
        }
    }
}
