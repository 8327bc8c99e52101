/// What identifies one version of a file without reading it: size, modification time and
/// inode. Equal signatures mean "unchanged", the cheap test every re-index starts with
/// (Recoll's `needUpdate`); a changed signature with an equal content hash means "touched
/// or moved, but the same bytes", which needs no new extraction.
public struct FileSignature: Sendable, Hashable, Codable {
    /// Size in bytes.
    public var size: Int64
    /// Modification time in nanoseconds since the Unix epoch.
    public var modificationTimeNanoseconds: Int64
    /// Inode number on its filesystem.
    public var inode: UInt64

    public init(size: Int64, modificationTimeNanoseconds: Int64, inode: UInt64) {
        self.size = size
        self.modificationTimeNanoseconds = modificationTimeNanoseconds
        self.inode = inode
    }

    /// For a file that could not even be looked at (a name that is not UTF-8): it matches
    /// no file's real signature, so the file is read once it can be.
    public static let unknown = FileSignature(size: 0, modificationTimeNanoseconds: 0, inode: 0)
}
