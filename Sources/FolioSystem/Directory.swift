internal import Glibc

/// The entries of one directory, read with `opendir`/`readdir`.
public enum Directory {
    /// One name in a directory. `name` is `nil` when the bytes are not valid UTF-8, which
    /// Folio cannot store as a path; `displayName` shows such a name with replacement
    /// characters for error messages.
    public struct Entry: Sendable, Equatable {
        public var name: String?
        public var displayName: String
        /// What the directory says the entry is (`d_type`), which spares a walk that needs
        /// no more than that a `stat` per file; `unknown` where the file system does not say.
        public var type: EntryType
    }

    /// An entry's type as `readdir` gives it.
    public enum EntryType: Sendable, Equatable {
        case regular
        case directory
        case symbolicLink
        case other
        case unknown
    }

    /// The entries of `path`, without `.` and `..`, in no particular order.
    public static func entries(of path: String) throws(SystemError) -> [Entry] {
        guard let stream = opendir(path) else {
            throw SystemError(operation: "opendir", path: path, code: errno)
        }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw SystemError(operation: "readdir", path: path, code: errno) }
                return entries
            }
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            let valid = String(validating: bytes, as: UTF8.self)
            entries.append(Entry(name: valid, displayName: valid ?? String(decoding: bytes, as: UTF8.self), type: Self.type(entry.pointee.d_type)))
        }
    }

    private static func type(_ code: UInt8) -> EntryType {
        switch Int(code) {
        case Int(DT_REG): .regular
        case Int(DT_DIR): .directory
        case Int(DT_LNK): .symbolicLink
        case Int(DT_UNKNOWN): .unknown
        default: .other
        }
    }

    /// Creates `path` and its missing parents, and gives `path` mode 0700 whatever the
    /// umask: Folio's folders hold the text of the user's documents.
    public static func makePrivate(_ path: String) throws(SystemError) {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0, errno != EEXIST { throw SystemError(operation: "mkdir", path: partial, code: errno) }
        }
        _ = try systemCall("chmod", path: path) { chmod(path, 0o700) }
    }
}
