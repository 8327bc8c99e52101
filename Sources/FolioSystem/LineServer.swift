internal import Glibc

/// A Unix stream socket in `$XDG_RUNTIME_DIR/folio`, mode 0600 in a 0700 folder, that also
/// checks each peer's user id (`SO_PEERCRED`): only the user who runs the server may talk
/// to it. A client sends one line and reads one line until the server closes (`LineClient`).
/// The daemon's control socket and the embedder's query socket are two. Non-blocking: the
/// owner polls `listener` and `clientDescriptors`.
public final class LineServer {
    public let path: String
    public let listener: Int32
    private var clients: [Int32: [UInt8]] = [:]

    public init(path: String) throws(SystemError) {
        self.path = path
        let directory = String(path[..<path.lastIndex(of: "/")!])
        try Directory.makePrivate(directory)
        unlink(path)
        listener = try systemCall("socket", path: path) { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0) }
        let previousMask = umask(0o177)
        defer { umask(previousMask) }
        guard let bound = UnixSocketAddress.with(path, { bind(listener, $0, $1) }) else {
            close(listener)
            throw SystemError(operation: "bind", path: path, code: ENAMETOOLONG)
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            let code = errno
            close(listener)
            throw SystemError(operation: "bind", path: path, code: code)
        }
    }

    deinit {
        for client in clients.keys { close(client) }
        close(listener)
        unlink(path)
    }

    public var clientDescriptors: [Int32] { Array(clients.keys) }

    /// Accepts waiting connections from this user; refuses the others.
    public func accept() {
        while true {
            let client = Glibc.accept(listener, nil, nil)
            if client < 0 { return }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            // struct ucred { pid_t pid; uid_t uid; gid_t gid; }: Glibc hides it behind _GNU_SOURCE.
            var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, UInt32.max, 0)
            var length = socklen_t(MemoryLayout.size(ofValue: credentials))
            if getsockopt(client, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0 || credentials.uid != getuid() {
                close(client)
                continue
            }
            clients[client] = []
        }
    }

    /// Reads from a client; returns its line (without the newline) once a whole line is in.
    public func readLine(from client: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let result = buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(SystemError) in try systemCall("read", path: path) { read(client, bytes.baseAddress!, bytes.count) } }
        }
        let count: Int
        do {
            count = try result.get()
        } catch {
            if error.code != EAGAIN { drop(client) }
            return nil
        }
        guard count > 0 else {
            drop(client)
            return nil
        }
        clients[client, default: []] += buffer[0..<count]
        guard let newline = clients[client]?.firstIndex(of: 0x0A) else {
            if (clients[client]?.count ?? 0) > 65_536 { drop(client) }
            return nil
        }
        return Array(clients[client]![..<newline])
    }

    /// Sends the reply line and closes the connection.
    public func answer(_ client: Int32, _ line: [UInt8]) {
        try? FileDescriptor.writeAll(line, to: client)
        drop(client)
    }

    private func drop(_ client: Int32) {
        close(client)
        clients[client] = nil
    }
}
