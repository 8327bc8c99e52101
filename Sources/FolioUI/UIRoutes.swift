internal import FolioAsk
internal import FolioCore
internal import FolioLaunch
internal import FolioProtocol
internal import FolioSearch
internal import FolioSemantic
internal import FolioStore
internal import FolioSystem
internal import FolioText
internal import FoundationEssentials
internal import Hummingbird

/// The page and its JSON API (docs/json.md, "folio ui"): the same search as `folioq --json`,
/// page previews, opening a file as the launchers do, answers streamed as lines of JSON,
/// the library's state, and forgetting. Reads the index read-only (`IndexSession`); the one
/// change it makes, forgetting, is `folioctl forget`'s.
struct UIRoutes: Sendable {
    let session: IndexSession
    let previews = PagePreviews()
    let environment: [String: String]
    /// The server's rest and end (`IdleCore`): an answer being written holds both off, and
    /// its end counts as activity.
    let idle: Shared<IdleCore>

    var configuration: FolioConfiguration { session.configuration }
    var paths: FolioPaths { session.paths }

    func register(on router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in Self.page(PageFiles.html, type: "text/html; charset=utf-8") }
        router.get("/app.js") { _, _ in Self.page(PageFiles.script, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.page(PageFiles.style, type: "text/css; charset=utf-8") }
        router.get("/favicon.svg") { _, _ in Self.page(PageFiles.icon, type: "image/svg+xml") }
        router.get("/api/session") { _, _ in Self.json(["home": paths.home]) }
        router.get("/api/search") { request, _ in await respond { () throws(UIError) in try search(Self.query(request)) } }
        router.get("/api/preview") { request, _ in await respond { () throws(UIError) in try preview(Self.query(request)) } }
        router.get("/api/page.png") { request, _ in
            await Self.outcome { () throws(UIError) -> Response in
                let (document, page) = try pageArguments(Self.query(request))
                let picture = try previews.picture(path: document.path, page: page)
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
        router.get("/api/conversations") { _, _ in await respond { () throws(UIError) in try conversations() } }
        router.get("/api/conversation") { request, _ in await respond { () throws(UIError) in try conversation(Self.query(request)) } }
        router.post("/api/conversation/delete") { request, _ in
            let body = try await Self.body(request)
            return await respond { () throws(UIError) in try deleteConversation(body) }
        }
        router.post("/api/ask") { request, _ in
            let body = try await Self.body(request)
            return ask(body)
        }
    }

    // MARK: the documents the API may show

    /// The indexed document at `path`, or why there is none.
    func document(_ path: String) throws(UIError) -> DocumentRecord {
        let absolute = try absolute(path)
        return try session.withIndex { index throws(UIError) -> DocumentRecord in
            guard let reader = index.reader else { throw .index(index.unavailable ?? "no index") }
            let found: DocumentRecord?
            do {
                found = try reader.documents(in: .document(absolute), status: nil, limit: 1, offset: 0).documents.first
            } catch {
                throw .index(session.describe(error))
            }
            guard let found else { throw .notIndexed(path: absolute) }
            return found
        }
    }

    /// The folder (or file) at `path` as a search's scope, refused unless the index holds
    /// a document there.
    func folder(_ path: String, in reader: IndexReader) throws(UIError) -> PathScope {
        do {
            return try SearchArguments.scope(path, paths: paths, reader: reader, session: session)
        } catch {
            throw UIError(error)
        }
    }

    private func absolute(_ path: String) throws(UIError) -> String {
        do {
            return try SearchArguments.path(path, paths: paths)
        } catch {
            throw UIError(error)
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

    static func page(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A request's query parameters (the last of a name repeated), `+` read as a space.
    static func query(_ request: Request) -> [String: String] {
        FormQuery.parameters(request.uri.query ?? "")
    }

    /// A request's JSON object, at most 64 KiB.
    static func body(_ request: Request) async throws -> RequestBody {
        var request = request
        let buffer = try await request.collectBody(upTo: 64 << 10)
        return (try? JSONDecoder().decode(RequestBody.self, from: Data(buffer.readableBytesView))) ?? RequestBody()
    }
}

/// A request's JSON body: `/api/open`'s and `/api/forget`'s path (and page), `/api/ask`'s
/// question. Malformed JSON reads as an empty body, and the request is refused for what it
/// lacks.
struct RequestBody: Decodable, Sendable {
    var path: String?
    var page: Int?
    var question: String?
    /// `/api/ask`: the conversation the question goes on with; `/api/conversation/delete`'s.
    var conversation: Int64?
}
