public import Glibc

/// The address of a Unix domain socket, for `bind`, `connect` and `sendto`. A path that
/// starts with `@` names the abstract namespace (as systemd's `NOTIFY_SOCKET` may).
public enum UnixSocketAddress {
    /// Calls `body` with the address of `path` and its length; `nil` when the path is too
    /// long for a socket address.
    public static func with<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        // An abstract name is exactly its bytes; a path is NUL-terminated within the struct.
        let length = abstract ? socklen_t(MemoryLayout<sa_family_t>.size + bytes.count) : socklen_t(MemoryLayout<sockaddr_un>.size)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
