internal import FolioSearch
internal import Hummingbird

/// Why `folio ui` refused or failed a request: each says what to do, and becomes the JSON
/// `{"error": "…"}` the page shows.
enum UIError: Error, CustomStringConvertible {
    /// A request without the session's token (a page not opened by `folio ui`, or from an
    /// earlier session).
    case noToken
    /// A `Host` other than the loopback address the server listens on: a DNS rebinding.
    case foreignHost(String)
    /// A state-changing request from a page of another origin.
    case foreignOrigin(String)
    case missingArgument(String)
    case invalidArgument(name: String, reason: String)
    /// A path under which the index holds no document: the API reads and opens only what
    /// the index holds.
    case notIndexed(path: String)
    case index(String)
    case preview(path: String, reason: String)
    case open(path: String, reason: String)
    /// The conversations' file, or a conversation not there.
    case conversation(String)

    var description: String {
        switch self {
        case .noToken: "this request carries no valid session token: open Folio with `folio ui`"
        case let .foreignHost(host): "refused: Host \(host) is not this server's loopback address"
        case let .foreignOrigin(origin): "refused: a request from \(origin), not from Folio's own page"
        case let .missingArgument(name): "\(name) is missing"
        case let .invalidArgument(name, reason): "\(name) \(reason)"
        case let .notIndexed(path): "\(path) is not in the index: Folio shows and opens only indexed documents"
        case let .index(reason): reason
        case let .preview(path, reason): "cannot show \(path): \(reason)"
        case let .open(path, reason): "cannot open \(path): \(reason)"
        case let .conversation(reason): reason
        }
    }

    /// A search argument's failure (`SearchArguments`).
    init(_ failure: SearchArguments.Failure) {
        switch failure {
        case let .missing(name): self = .missingArgument(name)
        case let .invalid(name, reason): self = .invalidArgument(name: name, reason: reason)
        case let .notIndexed(path): self = .notIndexed(path: path)
        case let .index(reason): self = .index(reason)
        }
    }

    var status: HTTPResponse.Status {
        switch self {
        case .noToken: .unauthorized
        case .foreignHost, .foreignOrigin: .forbidden
        case .missingArgument, .invalidArgument: .badRequest
        case .notIndexed: .notFound
        case .index, .preview, .open, .conversation: .internalServerError
        }
    }
}
