internal import FolioCore

/// The file systems mounted, as `/proc/self/mountinfo` lists them: what tells a folder on a
/// drive that is not plugged in from a folder the user deleted, and a network share (whose
/// changes from other machines inotify never sees) from a local disk.
///
/// Related documentation: <https://man7.org/linux/man-pages/man5/proc_pid_mountinfo.5.html>
public struct MountTable: Equatable, Sendable {
    public struct Mount: Equatable, Sendable {
        /// Where it is mounted, absolute, unescaped.
        public var point: String
        /// The file system's type: `ext4`, `nfs4`, `fuse.sshfs`.
        public var type: String
        /// What is mounted: a device (`/dev/sdb1`), a share (`server:/export`), or a name.
        public var source: String

        public init(point: String, type: String, source: String) {
            self.point = point
            self.type = type
            self.source = source
        }

        /// Whether its files can change without this machine's kernel seeing it
        /// (`Volume.isNetwork`).
        public var isNetwork: Bool { Volume.isNetwork(type: type) }
    }

    /// In the kernel's order: a mount listed later over the same point hides the earlier.
    public var mounts: [Mount]

    public init(mounts: [Mount]) {
        self.mounts = mounts
    }

    /// Reads the table from the text of a `mountinfo` file; lines it cannot read are left out.
    public init(parsing text: String) {
        mounts = text.split(separator: "\n").compactMap(Self.mount(line:))
    }

    /// Whether a file system is mounted at `point`.
    public func isMounted(_ point: String) -> Bool {
        mounts.contains { $0.point == point }
    }

    /// The mount that `path` is on: the one at the longest mount point that holds it (the
    /// last listed of those at that point).
    public func mount(holding path: String) -> Mount? {
        mounts.enumerated().filter { $0.element.point == "/" || AbsolutePath.isInside(path, $0.element.point) }
            .max { ($0.element.point.utf8.count, $0.offset) < ($1.element.point.utf8.count, $1.offset) }?.element
    }

    /// The mounts that matter to a watched folder: those it is on (but the root file
    /// system, which is never unplugged) and those mounted inside it.
    public func mounts(concerning folder: String) -> [Mount] {
        mounts.filter { $0.point != "/" && (AbsolutePath.isInside(folder, $0.point) || AbsolutePath.isInside($0.point, folder)) }
    }

    /// `36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue`: the
    /// fifth field is the mount point; after the optional fields and a lone `-`, the type
    /// and the source.
    private static func mount(line: Substring) -> Mount? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count >= 10, let separator = fields[6...].firstIndex(of: "-"), separator + 2 < fields.count else { return nil }
        return Mount(point: unescaped(fields[4]), type: unescaped(fields[separator + 1]), source: unescaped(fields[separator + 2]))
    }

    /// The kernel writes a space, tab, newline and backslash in a path as `\040`, `\011`,
    /// `\012` and `\134`.
    static func unescaped(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        var rest = field.utf8[...]
        while let byte = rest.popFirst() {
            let digits = rest.prefix(3)
            if byte == UInt8(ascii: "\\"), digits.count == 3, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }) {
                bytes.append(digits.reduce(0) { $0 << 3 | ($1 - UInt8(ascii: "0")) })
                rest = rest.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
