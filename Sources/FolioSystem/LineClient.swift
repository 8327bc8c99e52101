internal import Glibc

/// The client side of a `LineServer`: connect, send one line, read the reply until the
/// server closes.
public enum LineClient {
    /// Why there was no reply.
    public enum Failure: Error, Equatable {
        /// Nothing listens at the socket.
        case notListening
        /// The server accepted but did not answer within the time-out, or broke off.
        case noReply
    }

    /// The reply's first line (without its newline; empty when the server closed without
    /// one). `timeoutMilliseconds` bounds each read.
    public static func exchange(_ line: [UInt8], with socketPath: String, timeoutMilliseconds: Int = 10_000) throws(Failure) -> [UInt8] {
        try send(line, to: socketPath, timeoutMilliseconds: timeoutMilliseconds).reply()
    }

    /// Sends `line` and returns without waiting: the caller does other work while the
    /// server answers, then reads the reply (`Exchange.reply`).
    public static func send(_ line: [UInt8], to socketPath: String, timeoutMilliseconds: Int = 10_000) throws(Failure) -> Exchange {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .notListening }
        let exchange = Exchange(descriptor: descriptor)
        guard UnixSocketAddress.with(socketPath, { connect(descriptor, $0, $1) }) == 0 else { throw .notListening }
        var timeout = timeval(tv_sec: timeoutMilliseconds / 1000, tv_usec: (timeoutMilliseconds % 1000) * 1000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        do {
            try FileDescriptor.writeAll(line, to: descriptor)
        } catch {
            throw .notListening
        }
        return exchange
    }

    /// A line sent, its reply not read yet. The socket closes with it.
    public final class Exchange {
        private let descriptor: Int32

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        deinit {
            close(descriptor)
        }

        /// The reply's first line: read until the server closes, or the receive time-out
        /// (an error) passes.
        public func reply() throws(Failure) -> [UInt8] {
            var reply: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count == 0 { break }
                guard count > 0 else {
                    if errno == EINTR { continue }
                    throw .noReply
                }
                reply += buffer[0..<count]
            }
            return Array(reply.prefix { $0 != 0x0A })
        }
    }
}
