internal import FolioCore
internal import FolioWatch

/// Folders that come and go: a folder on a file system that is not mounted (a USB drive
/// unplugged, a share not connected yet) is offline, not deleted. Told apart by the mount
/// table, never by guessing: a volume the index knows (`Volume`) that is not in
/// `/proc/self/mountinfo` now is offline, and the documents on it stay, marked so, for
/// `offline_days`; a folder missing while every file system it was on is mounted was
/// deleted, and is purged as before. When the volume comes back, its folders are walked:
/// an unchanged file is not read again (its signature, or its content hash when a remount
/// gave it another inode), so recognised text and vectors are kept.
extension DaemonCore {
    /// The volumes the index knew at the start.
    mutating func know(_ stored: [Volume]) {
        volumes = Dictionary(stored.map { ($0.mountPoint, $0) }, uniquingKeysWith: { $1 })
    }

    /// A mount table read now: at the start, after a mount or unmount, and now and then for
    /// the days offline.
    mutating func mounted(_ table: MountTable, at seconds: Int64) -> [DaemonAction] {
        let first = mountTable == nil
        mountTable = table
        wallSeconds = seconds
        // Before the configuration, no volume concerns any folder: `configure` reconciles.
        guard configured else { return [] }
        return reconcileVolumes(walkingArrivals: !first)
    }

    /// The offline volume that `path` lies on, if any.
    func offlineVolume(holding path: String) -> Volume? {
        Array(volumes.values).offline(holding: path)
    }

    /// The offline volumes' mount points inside `root`: a walk there does not see their
    /// files, which are not to be purged for it.
    func offlineMountPoints(inside root: String) -> [String] {
        volumes.values.filter { $0.offlineSince != nil && AbsolutePath.isInside($0.mountPoint, root) }.map(\.mountPoint).sorted()
    }

    /// The roots walked for folders on network file systems every `rescan_interval_seconds`:
    /// a watched folder on one, or the mount point of one inside a watched folder.
    var networkRoots: [String] {
        guard let mountTable else { return [] }
        return Set(folders.flatMap { folder in
            mountTable.mounts(concerning: folder).filter(\.isNetwork).map { AbsolutePath.isInside(folder, $0.point) ? folder : $0.point }
        }).sorted()
    }

    /// Brings the known volumes in line with the mount table: those mounted recorded (and
    /// walked when they arrive after the start, or come back); those not mounted marked
    /// offline; those offline past `offline_days` forgotten with their documents.
    mutating func reconcileVolumes(walkingArrivals: Bool) -> [DaemonAction] {
        guard let mountTable else { return [] }
        var actions: [DaemonAction] = []
        if volumesUnsaved {
            volumesUnsaved = false
            actions += volumes.keys.sorted().map { .change(.recordVolume(volumes[$0]!)) }
        }
        var arrived: [String] = []
        for mount in Set(folders.flatMap { mountTable.mounts(concerning: $0).map { Volume(mountPoint: $0.point, type: $0.type) } })
            .sorted(by: { $0.mountPoint < $1.mountPoint }) {
            let known = volumes[mount.mountPoint]
            guard known != mount else { continue }
            if known?.offlineSince != nil {
                actions.append(.log(.notice, "back online: its folders are walked, and files unchanged are not read again", path: mount.mountPoint))
            }
            if known == nil || known?.offlineSince != nil { arrived.append(mount.mountPoint) }
            volumes[mount.mountPoint] = mount
            actions.append(.change(.recordVolume(mount)))
        }
        for point in volumes.keys.sorted() where volumes[point]?.offlineSince == nil && !mountTable.isMounted(point) {
            actions += goneOffline(point)
        }
        actions += forgetExpiredVolumes()
        if walkingArrivals {
            for point in arrived { actions += walkReturned(point) }
        }
        return actions
    }

    /// A volume is no longer mounted: its documents stay; walks and queued files on it are
    /// dropped, and its watches (the kernel ends them) forgotten.
    private mutating func goneOffline(_ point: String) -> [DaemonAction] {
        volumes[point]?.offlineSince = wallSeconds
        var actions: [DaemonAction] = [.log(.notice, "offline: the file system is not mounted; its documents are kept, marked so, "
            + (configuration.daemon.offlineDays > 0 ? "for \(configuration.daemon.offlineDays) days" : "until it is forgotten"), path: point)]
        actions.append(.change(.recordVolume(volumes[point]!)))
        for walk in walks where AbsolutePath.isInside(walk.root, point) { actions.append(.cancelWalk(walk.id)) }
        walks.removeAll { AbsolutePath.isInside($0.root, point) }
        pool.remove(tree: point)
        actions.append(.unwatch(tree: point))
        return actions
    }

    /// Offline longer than `offline_days` (0: never too long): the volume and the documents
    /// on it are forgotten.
    private mutating func forgetExpiredVolumes() -> [DaemonAction] {
        let days = Int64(configuration.daemon.offlineDays)
        guard days > 0 else { return [] }
        var actions: [DaemonAction] = []
        for (point, volume) in volumes.sorted(by: { $0.key < $1.key }) {
            guard let since = volume.offlineSince, wallSeconds - since >= days * 86_400 else { continue }
            volumes[point] = nil
            actions.append(.log(.notice, "offline for more than \(days) days: its documents are removed from the index", path: point))
            actions.append(.change(.forgetVolume(point, purging: true)))
        }
        return actions
    }

    /// The folders a volume that arrived or came back holds (or the folders it is in, from its
    /// mount point down), walked and reconciled.
    private mutating func walkReturned(_ point: String) -> [DaemonAction] {
        let roots = Set(folders.filter { Self.concerns(point, $0) }.map { AbsolutePath.isInside($0, point) ? $0 : point })
        return roots.sorted().filter { offlineVolume(holding: $0) == nil }.flatMap { startWalk($0, reconcile: true) }
    }

    /// The volumes of folders no longer watched (and of no folder still watched) are
    /// forgotten: their documents go with the folder.
    mutating func forgetVolumes(of removed: [String]) -> [DaemonAction] {
        var actions: [DaemonAction] = []
        for point in volumes.keys.sorted()
        where removed.contains(where: { Self.concerns(point, $0) }) && !folders.contains(where: { Self.concerns(point, $0) }) {
            volumes[point] = nil
            actions.append(.change(.forgetVolume(point, purging: false)))
        }
        return actions
    }

    /// Whether a volume at `point` matters to `folder`: the folder is on it, or it is mounted
    /// inside the folder.
    static func concerns(_ point: String, _ folder: String) -> Bool {
        AbsolutePath.isInside(folder, point) || AbsolutePath.isInside(point, folder)
    }
}
