/// A request to the running `foliod` on its control socket (`folioctl`'s daemon commands).
/// A client sends one line and reads one `ControlReply` line until the daemon closes.
public enum ControlCommand: Codable, Equatable, Sendable {
    /// What the daemon is doing: answered with `ControlReply.status`.
    case status
    case pause
    case resume
    /// Read the configuration again (as `SIGHUP` does).
    case reload
    /// Extract the documents under `path` (all when `nil`) again.
    case reindex(path: String?)
    /// Start the embedder process now if it is not running: a search by meaning found none
    /// to embed its query. `done` once it runs or is started, `failed` with why it cannot be.
    case startEmbedder

    /// The command as one line of the protocol, with its version.
    public var line: [UInt8] { WireProtocol.encode(Envelope(version: WireProtocol.version, body: self)) }

    /// The command in a line from a client; a client of another build is
    /// `ProtocolError.versionMismatch`.
    public init(line: some Collection<UInt8>) throws(ProtocolError) {
        self = try Envelope.open(line, peer: "folioctl")
    }
}

/// The daemon's answer to a `ControlCommand`.
public enum ControlReply: Codable, Equatable, Sendable {
    case done
    /// The command could not be carried out; `reason` says why and what to do.
    case failed(reason: String)
    case status(DaemonStatus)

    public var line: [UInt8] { WireProtocol.encode(Envelope(version: WireProtocol.version, body: self)) }

    /// The reply in a line from the daemon; a daemon of another build is
    /// `ProtocolError.versionMismatch`.
    public init(line: some Collection<UInt8>) throws(ProtocolError) {
        self = try Envelope.open(line, peer: "foliod")
    }
}

/// A control message with the protocol version it was written in: the version is read
/// first, so that a message of another version is told apart from a malformed one.
struct Envelope<Body: Codable>: Codable {
    var version: Int
    var body: Body

    private struct Version: Decodable {
        var version: Int
    }

    static func open(_ line: some Collection<UInt8>, peer: String) throws(ProtocolError) -> Body {
        let version: Int
        do {
            version = try WireProtocol.decode(Version.self, from: line).version
        } catch {
            // Folio's control lines before this protocol were bare words (`status`).
            throw .malformed(expected: "Folio control", line: String(decoding: line.prefix(200), as: UTF8.self),
                             reason: "no protocol version: \(peer) comes from another build of Folio; restart foliod after installing")
        }
        guard version == WireProtocol.version else { throw .versionMismatch(peer: peer, theirs: version, ours: WireProtocol.version) }
        return try WireProtocol.decode(Self.self, from: line).body
    }
}
