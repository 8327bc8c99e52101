public import FolioProtocol
internal import FolioSystem
internal import Glibc

/// Talks to a running `foliod` over its control socket: one `ControlCommand`, one
/// `ControlReply`.
public struct ControlClient {
    public let socketPath: String

    public init(socketPath: String) {
        self.socketPath = socketPath
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
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .notRunning(socket: socketPath) }
        defer { close(descriptor) }
        guard UnixSocketAddress.with(socketPath, { connect(descriptor, $0, $1) }) == 0 else { throw .notRunning(socket: socketPath) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        do {
            try FileDescriptor.writeAll(command.line, to: descriptor)
        } catch {
            throw .notRunning(socket: socketPath)
        }
        var answer = LineBuffer()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // Until the daemon closes, or the receive time-out (an error) passes.
        while let count = try? buffer.withUnsafeMutableBytes({ bytes throws(SystemError) in
            try systemCall("read", path: socketPath) { read(descriptor, bytes.baseAddress!, bytes.count) }
        }), count > 0 {
            answer.append(buffer[0..<count])
        }
        answer.append([0x0A])
        do {
            return try ControlReply(line: answer.nextLine() ?? [])
        } catch {
            throw .unreadable(error)
        }
    }
}
