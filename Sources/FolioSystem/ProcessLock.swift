internal import Glibc

/// A file that one process at a time holds: a POSIX record lock over the whole file, which
/// the kernel releases when its holder ends, however it ends. The embedder takes one so
/// that two searches in the same instant start one model, not two, and so that foliod's
/// embedder can find one a search started and ask it to make way.
///
/// A record lock belongs to the process: the holder must not open and close the file
/// again, which would release it.
public final class ProcessLock {
    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Takes the lock, creating the file (mode 0600); `nil` when another process holds it.
    /// `wait`: waits for it instead.
    public static func take(_ path: String, wait: Bool = false) throws(SystemError) -> ProcessLock? {
        let descriptor = try systemCall("open", path: path) { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        var region = Self.wholeFile(type: F_WRLCK)
        var result: Int32
        repeat {
            result = fcntl(descriptor, wait ? F_SETLKW : F_SETLK, &region)
        } while result != 0 && errno == EINTR
        guard result == 0 else {
            let code = errno
            close(descriptor)
            if code == EAGAIN || code == EACCES { return nil }
            throw SystemError(operation: "lock", path: path, code: code)
        }
        return ProcessLock(path: path, descriptor: descriptor)
    }

    /// The process that holds the lock at `path`, or `nil` when none does (or there is no
    /// such file).
    public static func holder(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var region = Self.wholeFile(type: F_WRLCK)
        guard fcntl(descriptor, F_GETLK, &region) == 0, region.l_type != Int16(F_UNLCK) else { return nil }
        return region.l_pid
    }

    private static func wholeFile(type: Int32) -> flock {
        var region = flock()
        region.l_type = Int16(type)
        region.l_whence = Int16(SEEK_SET)
        region.l_start = 0
        region.l_len = 0
        return region
    }
}
