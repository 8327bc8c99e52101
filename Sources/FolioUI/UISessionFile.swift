public import FolioCore
public import FolioSystem
internal import FoundationEssentials
internal import Glibc

/// Where a running `folio ui` server is and its secret, in a file only the user can read
/// (`$XDG_RUNTIME_DIR/folio/ui.json`, 0600): `folio ui` finds the server there instead of
/// starting another, and hands the token to the browser in the URL it opens.
public struct UISessionFile: Codable, Sendable, Equatable {
    public var pid: Int32
    public var port: Int
    public var token: String

    public init(pid: Int32, port: Int, token: String) {
        self.pid = pid
        self.port = port
        self.token = token
    }

    public static func path(_ paths: FolioPaths) -> String { paths.runtimeDirectory + "/ui.json" }

    /// The URL that opens the page and gives it the token (kept in a cookie; the page then
    /// drops it from its address).
    public var url: String { "http://127.0.0.1:\(port)/?token=\(token)" }

    /// The server's file, if one is there and its process lives.
    public static func running(_ paths: FolioPaths) -> UISessionFile? {
        guard let bytes = try? FileReader.readAll(path(paths), limit: 4096),
              let file = try? JSONDecoder().decode(UISessionFile.self, from: Data(bytes)),
              kill(file.pid, 0) == 0 else { return nil }
        return file
    }

    public func write(_ paths: FolioPaths) throws(SystemError) {
        try Directory.makePrivate(paths.runtimeDirectory)
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        try PrivateFile.write(Array(data), to: Self.path(paths))
    }

    /// Removes the file if it is still this process's.
    public static func remove(_ paths: FolioPaths, pid: Int32) {
        if running(paths)?.pid == pid { unlink(path(paths)) }
    }

    /// 32 random bytes from the kernel, in hex.
    public static func newToken() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        let source = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        precondition(source >= 0, "/dev/urandom")
        defer { close(source) }
        let read = bytes.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, 32) }
        precondition(read == 32, "/dev/urandom")
        return bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
