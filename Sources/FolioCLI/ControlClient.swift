internal import FolioSystem
internal import Glibc

/// Talks to a running `foliod` over its control socket: one command, one answer.
public struct ControlClient {
    public let socketPath: String

    public init(socketPath: String) {
        self.socketPath = socketPath
    }

    /// The daemon's answer, or `nil` when no daemon listens there.
    public func send(_ command: String) -> String? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard UnixSocketAddress.with(socketPath, { connect(descriptor, $0, $1) }) == 0 else { return nil }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        do {
            try FileDescriptor.writeAll(Array((command + "\n").utf8), to: descriptor)
        } catch {
            return nil
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        var text = String(decoding: answer, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
