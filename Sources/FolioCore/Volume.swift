/// A file system that a watched folder is on or holds (a USB drive, a second disk, a
/// network share), as foliod last saw it and the index keeps it (`volume`). While it is
/// not mounted (`offlineSince`), the documents on it stay in the index and are marked as
/// on a drive that is not connected.
public struct Volume: Hashable, Sendable, Codable {
    /// Where it is mounted, absolute.
    public var mountPoint: String
    /// The file system's type when last mounted: `ext4`, `nfs4`, `fuse.sshfs`.
    public var type: String
    /// Unix seconds when it was found not mounted; `nil` while it is.
    public var offlineSince: Int64?

    public init(mountPoint: String, type: String, offlineSince: Int64? = nil) {
        self.mountPoint = mountPoint
        self.type = type
        self.offlineSince = offlineSince
    }

    /// Whether its files can change without this machine's kernel seeing it (and so
    /// without inotify): NFS, SMB/CIFS and the other network file systems, and every FUSE
    /// file system but a local disk's (`fuseblk`, NTFS through ntfs-3g), since sshfs,
    /// rclone and the like are FUSE.
    public var isNetwork: Bool { Self.isNetwork(type: type) }

    /// How a result on it says so while it is not mounted, in every front end's words.
    public var notConnected: String { "on a drive that is not connected (\(mountPoint))" }

    public static func isNetwork(type: String) -> Bool {
        networkTypes.contains(type) || type == "fuse" || type.hasPrefix("fuse.")
    }

    static let networkTypes: Set<String> = ["nfs", "nfs4", "cifs", "smb3", "smbfs", "ncpfs", "afs", "ceph", "glusterfs", "9p",
                                           "davfs", "lustre", "gfs2", "ocfs2", "orangefs", "beegfs"]
}

extension [Volume] {
    /// The volume not mounted that `path` lies on, if any: its documents are offline.
    public func offline(holding path: String) -> Volume? {
        first { $0.offlineSince != nil && AbsolutePath.isInside(path, $0.mountPoint) }
    }
}
