internal import FolioSystem

/// Talks to a running `foliod` over its control socket: one `ControlCommand`, one
/// `ControlReply`.
public struct ControlClient {
    public let socketPath: String

    public init(socketPath: String) {
        self.socketPath = socketPath
    }

    /// The running foliod's status, or `nil` when none answers (or answers in a way this
    /// build cannot read).
    public static func status(socketPath: String) -> DaemonStatus? {
        guard case let .status(status)? = try? ControlClient(socketPath: socketPath).send(.status) else { return nil }
        return status
    }

    /// Why a command got no reply.
    public enum Failure: Error, CustomStringConvertible {
        /// No daemon listens at the socket.
        case notRunning(socket: String)
        /// The daemon's reply could not be read (it comes from another build, say).
        case unreadable(ProtocolError)

        public var description: String {
            switch self {
            case let .notRunning(socket): "foliod is not running (no socket at \(socket))"
            case let .unreadable(error): "foliod's reply: \(error)"
            }
        }
    }

    /// The daemon's reply.
    public func send(_ command: ControlCommand) throws(Failure) -> ControlReply {
        let line: [UInt8]
        do {
            line = try LineClient.exchange(command.line, with: socketPath)
        } catch {
            throw .notRunning(socket: socketPath)
        }
        do {
            return try ControlReply(line: line)
        } catch {
            throw .unreadable(error)
        }
    }
}
