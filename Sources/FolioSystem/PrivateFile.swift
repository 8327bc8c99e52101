internal import Glibc

/// Small files Folio writes whole for the user alone: a results page, the notes beside the
/// index.
public enum PrivateFile {
    /// Replaces the content of `path` with `bytes`, creating it with mode 0600.
    public static func write(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let descriptor = try systemCall("open", path: path) { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) }
        defer { close(descriptor) }
        try FileDescriptor.writeAll(bytes, to: descriptor)
    }
}
