internal import Glibc

/// What `lstat` says about a path: its type and, for regular files, its signature.
public struct FileStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
    }

    public var kind: Kind
    public var size: Int64
    public var modificationTimeNanoseconds: Int64
    public var inode: UInt64
    public var device: UInt64

    /// A status as the daemon's core takes it in (`DaemonInput`), given rather than read.
    public init(kind: Kind, size: Int64, modificationTimeNanoseconds: Int64, inode: UInt64, device: UInt64 = 0) {
        self.kind = kind
        self.size = size
        self.modificationTimeNanoseconds = modificationTimeNanoseconds
        self.inode = inode
        self.device = device
    }

    /// The status of the path itself (a symbolic link is not followed).
    public static func of(_ path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try systemCall("lstat", path: path) { lstat(path, &info) }
        return FileStatus(info)
    }

    /// The status of what the path leads to, following symbolic links.
    public static func following(_ path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try systemCall("stat", path: path) { stat(path, &info) }
        return FileStatus(info)
    }

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int64(info.st_size)
        modificationTimeNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
        device = UInt64(info.st_dev)
    }
}
