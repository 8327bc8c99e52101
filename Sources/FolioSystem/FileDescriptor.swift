internal import Glibc

/// Writing to pipes and sockets, where one `write` may take only part of the bytes.
public enum FileDescriptor {
    /// Writes all of `bytes`, retrying when interrupted and, on a non-blocking descriptor
    /// that is full, waiting up to a second for room. Throws with the `errno` of the
    /// failure (`EPIPE` when the reader is gone).
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN:
                var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&entry, 1, 1000) > 0 { continue }
                throw SystemError(operation: "write", path: "", code: EAGAIN)
            case let code:
                throw SystemError(operation: "write", path: "", code: code)
            }
        }
    }
}
