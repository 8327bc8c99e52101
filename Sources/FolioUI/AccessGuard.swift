internal import FolioSystem
internal import FolioCore
internal import Hummingbird

/// Every request's guard: the server listens on loopback, yet any page in the user's
/// browser can reach loopback. So a request must name this server in its `Host` (a page of
/// another site resolving its own name to 127.0.0.1 cannot: DNS rebinding), carry the
/// session's token (the cookie the page was given, or `Authorization: Bearer` for a
/// script), and, when it changes something and comes with the cookie, come from this
/// server's own page (`Origin`). The token arrives once in the URL `folio ui` opens, is set
/// as a cookie, and the page is sent to `/` without it.
struct AccessGuard<Context: RequestContext>: RouterMiddleware {
    let token: String
    /// The port, known once the server listens.
    let port: Shared<Int>
    /// The server's rest and end (`IdleCore`): each request is activity.
    let idle: Shared<IdleCore>

    static var cookieName: String { "folio_token" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        idle.update { $0.activity(now: MonotonicClock.milliseconds()) }
        do {
            try checkHost(request)
            if request.uri.path == "/", let offered = request.uri.queryParameters["token"] {
                guard Self.same(String(offered), token) else { throw UIError.noToken }
                var response = Response(status: .seeOther, headers: [.location: "/"])
                response.setCookie(Cookie(name: Self.cookieName, value: token, path: "/", httpOnly: true, sameSite: .strict))
                return response
            }
            let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
            let cookie = request.cookies[Self.cookieName]?.value
            if let bearer, Self.same(bearer, token) {
                return Self.secured(try await next(request, context))
            }
            guard let cookie, Self.same(String(cookie), token) else { throw UIError.noToken }
            if request.method != .get && request.method != .head {
                let origin = request.headers[.origin] ?? "none"
                guard allowedOrigins.contains(origin) else { throw UIError.foreignOrigin(origin) }
            }
            return Self.secured(try await next(request, context))
        } catch let error as UIError {
            return Self.secured(UIRoutes.failure(error))
        }
    }

    private var allowedOrigins: Set<String> { ["http://127.0.0.1:\(port.current)", "http://localhost:\(port.current)"] }

    private func checkHost(_ request: Request) throws(UIError) {
        let host = request.head.authority ?? ""
        guard host == "127.0.0.1:\(port.current)" || host == "localhost:\(port.current)" else { throw .foreignHost(host.isEmpty ? "(none)" : host) }
    }

    /// Compares in time that does not depend on where the strings differ.
    static func same(_ offered: String, _ token: String) -> Bool {
        let a = Array(offered.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The page may load only its own script, style and images, and no other site may
    /// frame it or read what it is sent.
    static func secured(_ response: Response) -> Response {
        var response = response
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.init("Referrer-Policy")!] = "no-referrer"
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
