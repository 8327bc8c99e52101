import Testing
import FolioCore
import FolioDaemon
import FolioSystem
import FolioWatch

/// Folders that come and go, decided by the core from the mount table and the volumes the
/// index knows: offline is not deleted, a folder really deleted still goes, an offline
/// volume is let go after `offline_days`, and a network share is walked now and then.
@Suite struct DaemonCoreVolumeTests {
    static let day: Int64 = 86_400
    static let root = MountTable.Mount(point: "/", type: "ext4", source: "/dev/sda1")
    static let usb = MountTable.Mount(point: "/d/usb", type: "vfat", source: "/dev/sdb1")
    static let share = MountTable.Mount(point: "/d/share", type: "nfs4", source: "server:/export")

    /// A core that knew `known` and sees `mounts` at its start, watching `folders`; the
    /// actions of its start, and the wall clock at 100 days.
    struct Harness {
        var core = DaemonCore(home: "/home/u")
        var now: Int64 = 1_000
        var wall: Int64 = 100 * DaemonCoreVolumeTests.day
        var started: [DaemonAction] = []

        init(folders: [String] = ["/d"], known: [Volume], mounts: [MountTable.Mount], offlineDays: Int = 30, rescan: Int = 900) {
            var configuration = FolioConfiguration.default
            configuration.folders = folders
            configuration.daemon.offlineDays = offlineDays
            configuration.daemon.rescanIntervalSeconds = rescan
            started = core.handle(.volumes(known), now: now)
            started += core.handle(.mounts(MountTable(mounts: mounts), at: wall), now: now)
            started += core.handle(.configure(configuration), now: now)
        }

        mutating func feed(_ input: DaemonInput) -> [DaemonAction] {
            core.handle(input, now: now)
        }

        mutating func mounts(_ mounts: [MountTable.Mount]) -> [DaemonAction] {
            feed(.mounts(MountTable(mounts: mounts), at: wall))
        }

        /// Ends every walk among `actions`, each having found nothing.
        mutating func endWalks(_ actions: [DaemonAction]) -> [DaemonAction] {
            Self.walks(actions).flatMap { feed(.walkEnded($0.id)) }
        }

        static func walks(_ actions: [DaemonAction]) -> [(id: WalkID, root: String)] {
            actions.compactMap { if case let .walk(id, root) = $0 { (id, root) } else { nil } }
        }

        static func changes(_ actions: [DaemonAction]) -> [IndexChange] {
            actions.compactMap { if case let .change(change) = $0 { change } else { nil } }
        }
    }

    /// Restarted while the drive inside the folder is unplugged: the folder is walked, and
    /// the walk's reconcile keeps what is on the drive; the volume is marked offline.
    @Test func aDriveInsideTheFolder_unpluggedAtTheStart_keepsItsDocuments() {
        var harness = Harness(known: [Volume(mountPoint: "/d/usb", type: "vfat")], mounts: [Self.root])
        #expect(Harness.walks(harness.started).map(\.root) == ["/d"])
        #expect(Harness.changes(harness.started) == [.recordVolume(Volume(mountPoint: "/d/usb", type: "vfat", offlineSince: harness.wall))])
        let ended = harness.endWalks(harness.started)
        #expect(Harness.changes(ended) == [.purgeUnseen(root: "/d", seen: [], keeping: ["/d/usb"])])
    }

    /// The configured folder is on the drive: not walked at all while it is not mounted.
    @Test func aFolderOnADrive_unpluggedAtTheStart_isNotWalked() {
        let harness = Harness(folders: ["/media/usb/docs"], known: [Volume(mountPoint: "/media/usb", type: "ext4")], mounts: [Self.root])
        #expect(Harness.walks(harness.started).isEmpty)
        #expect(harness.started.contains(.log(.notice, "offline: /media/usb is not mounted; the documents indexed from it are kept", path: "/media/usb/docs")))
    }

    /// The drive is there and the folder on it is not: the user deleted it, and its
    /// documents go, as before.
    @Test func aFolderDeletedOnAMountedDrive_isWalkedAndPurged() {
        let mounted = MountTable.Mount(point: "/media/usb", type: "ext4", source: "/dev/sdb1")
        var harness = Harness(folders: ["/media/usb/docs"], known: [Volume(mountPoint: "/media/usb", type: "ext4")], mounts: [Self.root, mounted])
        let walks = Harness.walks(harness.started)
        #expect(walks.map(\.root) == ["/media/usb/docs"])
        let ended = harness.feed(.walked(walks[0].id, .problem(path: "/media/usb/docs", reason: "No such file or directory")))
            + harness.endWalks(harness.started)
        #expect(Harness.changes(ended).contains(.purgeUnseen(root: "/media/usb/docs", seen: ["/media/usb/docs"], keeping: [])))
    }

    /// Unplugged while foliod runs: offline, its walk dropped, a late event on one of its
    /// files purges nothing; plugged back: walked again, from its mount point.
    @Test func unpluggedWhileRunning_andBack_isOfflineThenWalked() {
        var harness = Harness(known: [], mounts: [Self.root, Self.usb])
        #expect(Harness.changes(harness.started) == [.recordVolume(Volume(mountPoint: "/d/usb", type: "vfat"))])
        _ = harness.endWalks(harness.started)
        harness.wall += 60
        let unplugged = harness.mounts([Self.root])
        #expect(Harness.changes(unplugged) == [.recordVolume(Volume(mountPoint: "/d/usb", type: "vfat", offlineSince: harness.wall))])
        #expect(unplugged.contains(.unwatch(tree: "/d/usb")))
        #expect(Harness.changes(harness.feed(.examined("/d/usb/a.txt", nil, .settled))).isEmpty, "not purged: its drive is offline")
        #expect(Harness.changes(harness.feed(.file(FileEvent(.deleted, path: "/d/usb/b.txt")))).isEmpty)
        #expect(Harness.changes(harness.feed(.examined("/d/gone.txt", nil, .settled))) == [.purge("/d/gone.txt", tree: false)])

        harness.wall += 60
        let back = harness.mounts([Self.root, Self.usb])
        #expect(Harness.changes(back) == [.recordVolume(Volume(mountPoint: "/d/usb", type: "vfat"))])
        #expect(Harness.walks(back).map(\.root) == ["/d/usb"])
        #expect(Harness.changes(harness.endWalks(back)) == [.purgeUnseen(root: "/d/usb", seen: [], keeping: [])])
    }

    /// A drive plugged in for the first time inside a watched folder is walked.
    @Test func aNewDriveInsideTheFolder_isWalked() {
        var harness = Harness(known: [], mounts: [Self.root])
        _ = harness.endWalks(harness.started)
        let plugged = harness.mounts([Self.root, Self.usb])
        #expect(Harness.walks(plugged).map(\.root) == ["/d/usb"])
    }

    /// Offline past `offline_days`: the volume and its documents are let go; 0 keeps them.
    @Test func offlinePastTheDays_isForgotten_unlessTheDaysAreZero() {
        let since = 100 * Self.day - 31 * Self.day
        let harness = Harness(known: [Volume(mountPoint: "/d/usb", type: "vfat", offlineSince: since)], mounts: [Self.root])
        #expect(Harness.changes(harness.started).contains(.forgetVolume("/d/usb", purging: true)))
        let kept = Harness(known: [Volume(mountPoint: "/d/usb", type: "vfat", offlineSince: since)], mounts: [Self.root], offlineDays: 0)
        #expect(!Harness.changes(kept.started).contains { if case .forgetVolume = $0 { true } else { false } })
        let recent = Harness(known: [Volume(mountPoint: "/d/usb", type: "vfat", offlineSince: 100 * Self.day - 29 * Self.day)], mounts: [Self.root])
        #expect(!Harness.changes(recent.started).contains { if case .forgetVolume = $0 { true } else { false } })
    }

    /// A network share inside the folder is walked every `rescan_interval_seconds`:
    /// inotify does not see what other machines change there.
    @Test func aNetworkShare_isWalkedEveryRescanInterval() {
        var harness = Harness(known: [], mounts: [Self.root, Self.share], rescan: 60)
        _ = harness.endWalks(harness.started)
        #expect(Harness.walks(harness.core.advance(now: harness.now + 30_000)).isEmpty)
        #expect(Harness.walks(harness.core.advance(now: harness.now + 61_000)).map(\.root) == ["/d/share"])
        #expect(harness.core.status(pid: 1, databasePath: "db", now: harness.now).warning?.contains("network") == true)
    }

    /// A folder taken out of the configuration takes its volumes and documents with it,
    /// offline or not.
    @Test func aFolderRemovedFromTheConfiguration_forgetsItsVolumes() {
        var harness = Harness(known: [Volume(mountPoint: "/d/usb", type: "vfat", offlineSince: 100 * Self.day - 60)], mounts: [Self.root])
        var configuration = FolioConfiguration.default
        configuration.folders = ["/e"]
        let changes = Harness.changes(harness.feed(.configure(configuration)))
        #expect(changes.prefix(2) == [.forgetVolume("/d/usb", purging: false), .purge("/d", tree: true)], "\(changes)")
    }
}
