/// Why an exchange with a server did not happen or did not finish.
public enum HTTPError: Error, Equatable, CustomStringConvertible {
    /// No server there: connection refused, no such host.
    case unreachable(url: String, reason: String)
    /// The exchange failed otherwise: TLS, an empty reply, libcurl missing.
    case failed(url: String, reason: String)
    /// No connection in time, or the response stalled; `receivedAnything` tells whether
    /// some of the body had come (a caller must not send the request again then).
    case timedOut(url: String, receivedAnything: Bool)
    /// Ctrl-C (SIGINT) or SIGTERM, after `HTTPClient.stopRequestsOnInterrupt`.
    case interrupted
    /// An API key file that is missing, unreadable or readable by others.
    case keyFile(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreachable(url, reason), let .failed(url, reason): "\(url): \(reason)"
        case let .timedOut(url, _): "\(url): no answer in time"
        case .interrupted: "interrupted"
        case let .keyFile(path, reason): "the API key file \(path) \(reason)"
        }
    }
}
