public import FolioSystem
internal import Glibc

/// `/proc/self/mountinfo` held open: polled for `POLLPRI`, which the kernel raises when a
/// file system is mounted or unmounted, and read again from its start after each.
public final class MountWatch {
    public let descriptor: Int32

    public init(path: String = "/proc/self/mountinfo") throws(SystemError) {
        descriptor = try systemCall("open", path: path) { open(path, O_RDONLY | O_CLOEXEC) }
    }

    deinit {
        close(descriptor)
    }

    /// The events to poll the descriptor for; a change is reported as `POLLPRI` and `POLLERR`
    /// until the table is read again.
    public static let pollEvents = Int16(POLLPRI)

    /// The table now. Reading it to its end is also what clears the change reported.
    public func read() throws(SystemError) -> MountTable {
        _ = lseek(descriptor, 0, SEEK_SET)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = try systemCall("read", path: "/proc/self/mountinfo") {
                buffer.withUnsafeMutableBytes { raw in Glibc.read(descriptor, raw.baseAddress, raw.count) }
            }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return MountTable(parsing: String(decoding: bytes, as: UTF8.self))
    }
}
