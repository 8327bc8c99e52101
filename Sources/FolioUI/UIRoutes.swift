internal import FolioAsk
internal import FolioCLI
public import FolioCore
internal import FolioLaunch
internal import FolioProtocol
internal import FolioSearch
internal import FolioSemantic
internal import FolioStore
internal import FolioSystem
internal import FolioText
internal import FoundationEssentials
internal import Hummingbird
internal import Synchronization

/// The page and its JSON API (docs/json.md, "folio ui"): the same search as `folioq --json`,
/// page previews, opening a file as the launchers do, answers streamed as lines of JSON,
/// the library's state, and forgetting. Reads the index read-only (`IndexSession`); the one
/// change it makes, forgetting, is `folioctl forget`'s.
struct UIRoutes: Sendable {
    let session: IndexSession
    let previews = PagePreviews()
    /// Answers being written: the server does not end, nor let its index go, under one.
    let answers = Counter()
    let environment: [String: String]
    /// Called when an answer ends: the server's idle minutes count from there.
    let touched: @Sendable () -> Void

    var configuration: FolioConfiguration { session.configuration }
    var paths: FolioPaths { session.paths }

    func register(on router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in Self.page(PageHTML.text, type: "text/html; charset=utf-8") }
        router.get("/app.js") { _, _ in Self.page(PageScript.text, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.page(PageStyle.text, type: "text/css; charset=utf-8") }
        router.get("/favicon.svg") { _, _ in Self.page(PageHTML.icon, type: "image/svg+xml") }
        router.get("/api/session") { _, _ in Self.json(["home": paths.home]) }
        router.get("/api/search") { request, _ in await respond { () throws(UIError) in try search(Self.query(request)) } }
        router.get("/api/preview") { request, _ in await respond { () throws(UIError) in try preview(Self.query(request)) } }
        router.get("/api/page.png") { request, _ in
            await Self.outcome { () throws(UIError) -> Response in
                let (path, page) = try pageArguments(Self.query(request))
                let picture = try previews.picture(path: path, page: page)
                return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: picture.png)))
            }
        }
        router.post("/api/open") { request, _ in
            let body = try await Self.body(request)
            return await respond { () throws(UIError) in try open(body) }
        }
        router.post("/api/forget") { request, _ in
            let body = try await Self.body(request)
            return await respond { () throws(UIError) in try forget(body) }
        }
        router.get("/api/status") { _, _ in
            // In `folioctl status --json`'s words (snake case).
            await Self.outcome { () throws(UIError) -> Response in Self.json(status(), snakeCase: true) }
        }
        router.post("/api/ask") { request, _ in
            let body = try await Self.body(request)
            return ask(body)
        }
    }

    // MARK: search

    func search(_ query: [String: String]) throws(UIError) -> NotedSearchResults {
        guard let text = query["q"], !text.trimmingWhitespace().isEmpty else { throw .missingArgument("q") }
        guard text.unicodeScalars.count <= 1_000 else { throw .invalidArgument(name: "q", reason: "must be at most 1,000 characters") }
        let limit = try query["limit"].map { value throws(UIError) -> Int in
            guard let limit = Int(value), (1...100).contains(limit) else { throw .invalidArgument(name: "limit", reason: "must be 1 to 100") }
            return limit
        } ?? 20
        let kinds = try query["type"].map { value throws(UIError) -> Set<DocumentKind> in
            guard let kind = DocumentKind(rawValue: value) else {
                throw .invalidArgument(name: "type", reason: "must be one of " + DocumentKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return [kind]
        } ?? []
        let mode = try query["mode"].map { value throws(UIError) -> SearchMode in
            guard let mode = SearchMode(rawValue: value) else { throw .invalidArgument(name: "mode", reason: "must be hybrid, lexical or semantic") }
            return mode
        } ?? .hybrid
        var request = SearchRequest(query: SearchQuery(parsing: text), limit: limit, kinds: kinds, snippetWords: 32, mode: mode)
        return try session.withIndex { index throws(UIError) -> NotedSearchResults in
            if let folder = query["path"], !folder.isEmpty, let reader = index.reader {
                request.scope = .tree(try indexed(folder, in: reader, as: .tree))
            }
            do {
                return try session.search(text, request, in: index)
            } catch {
                throw .index(IndexSession.describe(error))
            }
        }
    }

    // MARK: preview

    struct Preview: Encodable, Sendable {
        var type: String
        var path: String
        var page: Int
        var pages: Int
        var image: String?
        var width: Int?
        var height: Int?
        /// The marked words' boxes on the image: x, y, width, height, in its pixels.
        var boxes: [[Double]]?
        var text: String?
        var highlights: [[Int]]?
    }

    /// A PDF page as an image with the words asked for marked on it; any other document's
    /// chunk at that page (or the chunk named) as text with them highlighted.
    func preview(_ query: [String: String]) throws(UIError) -> Preview {
        let (path, page) = try pageArguments(query)
        let marks = WordMarks(query["q"] ?? "")
        let record = try document(path)
        if record.kind == .pdf {
            let picture = try previews.picture(path: path, page: page)
            let boxes = marks.marked(picture.words.map(\.text)).map { picture.words[$0].box }
            return Preview(type: "pdf", path: path, page: page, pages: picture.pages, image: "/api/page.png?path=\(Self.escaped(path))&page=\(page)",
                           width: picture.width, height: picture.height, boxes: boxes)
        }
        let text = try session.withIndex { index throws(UIError) -> String in
            guard let reader = index.reader else { throw .index(index.unavailable ?? "no index") }
            do {
                let chunk = try query["chunk"].flatMap { Int($0) } ?? reader.chunk(of: path, page: page) ?? 0
                return try reader.passages(of: path, chunks: chunk...chunk).map(\.text).joined(separator: "\n")
            } catch {
                throw .index(IndexSession.describe(error))
            }
        }
        return Preview(type: "text", path: path, page: page, pages: record.pageCount, text: text, highlights: marks.highlights(in: text))
    }

    private func pageArguments(_ query: [String: String]) throws(UIError) -> (path: String, page: Int) {
        guard let path = query["path"], !path.isEmpty else { throw .missingArgument("path") }
        let page = try query["page"].map { value throws(UIError) -> Int in
            guard let page = Int(value), page >= 1 else { throw .invalidArgument(name: "page", reason: "must be a page number from 1") }
            return page
        } ?? 1
        return (try document(path).path, page)
    }

    /// The indexed document at `path`, or why there is none.
    private func document(_ path: String) throws(UIError) -> DocumentRecord {
        try session.withIndex { index throws(UIError) -> DocumentRecord in
            guard let reader = index.reader else { throw .index(index.unavailable ?? "no index") }
            let absolute = try indexed(path, in: reader, as: .document)
            do {
                guard let record = try reader.documents(in: .document(absolute), status: nil, limit: 1, offset: 0).documents.first else {
                    throw UIError.notIndexed(path: absolute)
                }
                return record
            } catch let error as UIError {
                throw error
            } catch {
                throw .index(IndexSession.describe(error))
            }
        }
    }

    enum Scope { case document, tree }

    /// `path` made absolute (`~` expanded), refused unless the index holds a document there.
    private func indexed(_ path: String, in reader: IndexReader, as scope: Scope) throws(UIError) -> String {
        let expanded = paths.expandingTilde(path)
        guard expanded.hasPrefix("/") else { throw .invalidArgument(name: "path", reason: "must be an absolute path or start with ~/, not \(path)") }
        let absolute = AbsolutePath.normalise(expanded, relativeTo: "/")
        do {
            guard try reader.hasDocuments(in: scope == .document ? .document(absolute) : .tree(absolute)) else { throw UIError.notIndexed(path: absolute) }
        } catch let error as UIError {
            throw error
        } catch {
            throw .index(IndexSession.describe(error))
        }
        return absolute
    }

    // MARK: open, forget

    struct Done: Encodable, Sendable {
        var message: String
        var command: [String]?
    }

    /// Opens an indexed document at a page with the launchers' command (`[open]`, else the
    /// default viewer), as the desktop user.
    func open(_ body: [String: JSONValue]) throws(UIError) -> Done {
        guard let path = body["path"]?.string else { throw .missingArgument("path") }
        let record = try document(path)
        let page = body["page"]?.integer ?? 1
        let command = Opener(options: configuration.open).command(path: record.path, page: page, kind: record.kind)
        do {
            let pid = try ChildProcess.spawn(command, newSession: true)
            BackgroundThread.detach { _ = try? ChildProcess.wait(pid, program: command[0]) }
        } catch {
            throw .open(path: record.path, reason: "\(error)")
        }
        return Done(message: "opened \(record.path)", command: command)
    }

    /// `folioctl forget PATH`: the file, or every file under the folder, out of the index.
    func forget(_ body: [String: JSONValue]) throws(UIError) -> Done {
        guard let path = body["path"]?.string, !path.isEmpty else { throw .missingArgument("path") }
        let expanded = paths.expandingTilde(path)
        guard expanded.hasPrefix("/") else { throw .invalidArgument(name: "path", reason: "must be an absolute path or start with ~/") }
        guard let folioctl = Self.program("folioctl") else { throw .index("folioctl is not installed beside folio-ui") }
        let run: (status: Int32, output: [UInt8])
        do {
            run = try ChildProcess.run([folioctl, "forget", "--db", session.databasePath, expanded])
        } catch {
            throw .index("folioctl forget: \(error)")
        }
        let said = String(decoding: run.output, as: UTF8.self).trimmingWhitespace()
        guard run.status == 0 || run.status == 1 << 8 else { throw .index("folioctl forget \(expanded) failed: \(said)") }
        return Done(message: said.isEmpty ? "nothing indexed under \(expanded)" : said, command: nil)
    }

    /// A program of Folio's: beside this one, or in the `bin` folder beside its `libexec`.
    static func program(_ name: String) -> String? {
        WorkerProgram.installed(name) ?? WorkerProgram.installed("../bin/" + name)
    }

    // MARK: status

    struct Status: Encodable, Sendable {
        var running: Bool
        var daemon: DaemonStatus?
        var counts: IndexCounts?
        var semantic: SemanticReport
        /// What `folioctl status` says of the semantic stage, in its words.
        var semanticLine: String
        var folders: [Folder]
        var failures: [Failure]
        var note: String?

        struct Folder: Encodable, Sendable {
            var path: String
            var documents: Int
        }

        struct Failure: Encodable, Sendable {
            var path: String
            var reason: String
        }

        enum CodingKeys: String, CodingKey {
            case running, daemon, counts, semantic, folders, failures, note, semanticLine = "semantic_line"
        }
    }

    func status() -> Status {
        var daemon: DaemonStatus?
        if case let .status(status)? = try? ControlClient(socketPath: paths.controlSocket).send(.status) { daemon = status }
        return session.withIndex { index -> Status in
            let reader = index.reader
            let semantic = SemanticReport.gather(options: configuration.embeddings, paths: paths, reader: reader)
            let folders = configuration.folders.map { paths.expandingTilde($0) }.map { folder in
                Status.Folder(path: folder, documents: (try? reader?.documents(in: .tree(folder), status: nil, limit: 0, offset: 0).total) ?? 0)
            }
            let failed = (try? reader?.documents(in: .everything, status: .failed, limit: 200, offset: 0).documents) ?? []
            return Status(running: daemon != nil, daemon: daemon, counts: try? reader?.counts(), semantic: semantic,
                          semanticLine: semantic.lines.trimmingWhitespace(), folders: folders,
                          failures: failed.map { Status.Failure(path: $0.path, reason: $0.error ?? "failed") }, note: index.unavailable)
        }
    }

    // MARK: helpers

    /// Runs `work` on a thread of its own (it reads SQLite, or waits on a worker), and
    /// answers with its JSON or its error.
    private func respond<T: Encodable & Sendable>(_ work: @escaping @Sendable () throws(UIError) -> T) async -> Response {
        await Self.outcome { () throws(UIError) -> Response in Self.json(try work()) }
    }

    static func outcome(_ work: @escaping @Sendable () throws(UIError) -> Response) async -> Response {
        let result = await BackgroundThread.run { () -> Result<Response, UIError> in
            do throws(UIError) { return .success(try work()) } catch { return .failure(error) }
        }
        switch result {
        case let .success(response): return response
        case let .failure(error): return failure(error)
        }
    }

    static func failure(_ error: UIError) -> Response {
        var response = json(["error": error.description])
        response.status = error.status
        return response
    }

    static func json(_ value: some Encodable, snakeCase: Bool = false) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = snakeCase ? .convertToSnakeCase : .useDefaultKeys
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func page(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A request's query parameters (the last of a name repeated).
    static func query(_ request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
        return query
    }

    /// A request's JSON object, at most 64 KiB.
    static func body(_ request: Request) async throws -> [String: JSONValue] {
        var request = request
        let buffer = try await request.collectBody(upTo: 64 << 10)
        return (try? JSONDecoder().decode([String: JSONValue].self, from: Data(buffer.readableBytesView))) ?? [:]
    }

    /// `text` for a URL's query.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                escaped.append(Character(Unicode.Scalar(byte)))
            default:
                escaped += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return escaped
    }
}

/// A count shared between threads.
final class Counter: Sendable {
    private let value = Mutex(0)
    var current: Int { value.withLock { $0 } }
    func add(_ amount: Int) { value.withLock { $0 += amount } }
}

/// A value of a request's JSON body.
enum JSONValue: Decodable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) { self = .string(text) } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let flag = try? container.decode(Bool.self) { self = .bool(flag) } else { self = .other }
    }

    var string: String? { if case let .string(text) = self { text } else { nil } }
    var integer: Int? { if case let .number(number) = self, number == number.rounded() { Int(number) } else { nil } }
}
