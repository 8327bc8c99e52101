internal import FolioProtocol
internal import FolioSystem
internal import Glibc

/// The daemon's control socket: a Unix stream socket in `$XDG_RUNTIME_DIR/folio`, mode
/// 0600 in a 0700 folder, that also checks each peer's user id (`SO_PEERCRED`): only the
/// user who runs the daemon may talk to it. A client sends one `ControlCommand` line and
/// reads one `ControlReply` line until the daemon closes.
final class ControlServer {
    let path: String
    let listener: Int32
    private var clients: [Int32: [UInt8]] = [:]

    init(path: String) throws(SystemError) {
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

    var clientDescriptors: [Int32] { Array(clients.keys) }

    /// Accepts waiting connections from this user; refuses the others.
    func accept() {
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

    /// Reads from a client; returns its command line once a whole line is in.
    func readCommand(from client: Int32) -> [UInt8]? {
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

    /// Sends the reply and closes the connection.
    func answer(_ client: Int32, _ reply: ControlReply) {
        try? FileDescriptor.writeAll(reply.line, to: client)
        drop(client)
    }

    private func drop(_ client: Int32) {
        close(client)
        clients[client] = nil
    }
}
