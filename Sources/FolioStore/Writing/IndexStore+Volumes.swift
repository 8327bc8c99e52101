public import FolioCore
internal import FolioSQLite

/// The file systems the watched folders are on or hold (`Volume`, `Migrations/v0010_volumes.sql`):
/// foliod records them, and which are not mounted; every reader marks the documents on
/// one that is not as offline.
extension IndexStore {
    public func volumes() throws(StoreError) -> [Volume] {
        try read("read the volumes") { db in try VolumeQueries.all(db) }
    }

    /// Records `volume`, mounted or not, in place of what was known of it.
    public func record(_ volume: Volume) throws(StoreError) {
        try write("record the volume \(volume.mountPoint)") { db in
            try db.execute("""
                INSERT INTO volume (mount_point, type, offline_since) VALUES (?, ?, ?)
                ON CONFLICT (mount_point) DO UPDATE SET type = excluded.type, offline_since = excluded.offline_since
                """, [volume.mountPoint, volume.type, volume.offlineSince])
        }
    }

    /// Forgets the volumes at mount points in `scope` (`folioctl forget`, a volume offline
    /// past `offline_days`, a folder no longer configured); returns how many.
    @discardableResult
    public func forgetVolumes(in scope: PathScope) throws(StoreError) -> Int {
        try write("forget volumes") { db in
            let condition = scope.condition(column: "mount_point")
            try db.execute("DELETE FROM volume WHERE \(condition.sql)", condition.arguments)
            return db.changes
        }
    }
}

extension IndexReader {
    public func volumes() throws(StoreError) -> [Volume] {
        try read("read the volumes") { db in try VolumeQueries.all(db) }
    }
}

enum VolumeQueries {
    /// Every volume, or with `offlineOnly` those not mounted (what a search marks hits by).
    static func all(_ db: SQLiteConnection, offlineOnly: Bool = false) throws -> [Volume] {
        try db.rows("SELECT mount_point, type, offline_since FROM volume\(offlineOnly ? " WHERE offline_since IS NOT NULL" : "") ORDER BY mount_point").map {
            Volume(mountPoint: $0["mount_point"], type: $0["type"], offlineSince: $0["offline_since"])
        }
    }
}

/// What is offline, as status shows it: the documents on each volume that is not mounted,
/// since when, and until when they are kept.
public struct OfflineFolder: Encodable, Sendable, Equatable {
    /// The volume's mount point.
    public var mountPoint: String
    /// Unix seconds it was found not mounted.
    public var since: Int64
    /// Unix seconds its documents are removed (`offline_days` after `since`); `nil` when
    /// they are kept until forgotten.
    public var keptUntil: Int64?
    /// The documents indexed from it.
    public var documents: Int

    enum CodingKeys: String, CodingKey {
        case mountPoint = "mount_point", since, documents, keptUntil = "kept_until"
    }
}

extension IndexReader {
    /// The volumes not mounted and the documents on each; `offlineDays` as configured.
    public func offlineFolders(offlineDays: Int) throws(StoreError) -> [OfflineFolder] {
        var folders: [OfflineFolder] = []
        for volume in try volumes() {
            guard let since = volume.offlineSince else { continue }
            let documents = try documents(in: .tree(volume.mountPoint), status: nil, limit: 0, offset: 0).total
            folders.append(OfflineFolder(mountPoint: volume.mountPoint, since: since,
                                         keptUntil: offlineDays > 0 ? since + Int64(offlineDays) * 86_400 : nil, documents: documents))
        }
        return folders
    }
}
