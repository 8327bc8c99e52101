import Testing
import FolioWatch

/// `/proc/self/mountinfo` as the kernel writes it: optional fields, escaped paths, mounts
/// over mounts.
@Suite struct MountTableTests {
    static let text = """
        22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
        36 22 8:17 / /media/usb\\040stick rw,nosuid shared:9 master:2 - vfat /dev/sdb1 rw,fmask=0022
        40 22 0:50 / /home/u/share rw,relatime - nfs4 server:/export rw,vers=4.2
        41 22 0:51 / /home/u/ssh rw - fuse.sshfs u@host:/ rw,user_id=0
        42 22 0:52 / /media/ntfs rw - fuseblk /dev/sdc1 rw
        43 22 0:53 / /media/usb\\040stick rw - tmpfs none rw
        malformed line
        """

    @Test func fields_areRead_andPathsUnescaped() {
        let table = MountTable(parsing: Self.text)
        #expect(table.mounts.map(\.point) == ["/", "/media/usb stick", "/home/u/share", "/home/u/ssh", "/media/ntfs", "/media/usb stick"])
        #expect(table.mounts[1] == MountTable.Mount(point: "/media/usb stick", type: "vfat", source: "/dev/sdb1"))
        #expect(table.isMounted("/home/u/share") && !table.isMounted("/home/u"))
    }

    @Test func thePathsMount_isTheLongestAndLastAtItsPoint() {
        let table = MountTable(parsing: Self.text)
        #expect(table.mount(holding: "/media/usb stick/a.pdf")?.type == "tmpfs", "the mount listed last hides the one under it")
        #expect(table.mount(holding: "/media/usb sticks/a.pdf")?.point == "/")
        #expect(table.mount(holding: "/home/u/share/x")?.type == "nfs4")
    }

    @Test func theMountsConcerningAFolder_areThoseItIsOnAndThoseInsideIt_butTheRoot() {
        let table = MountTable(parsing: Self.text)
        #expect(table.mounts(concerning: "/home/u").map(\.point) == ["/home/u/share", "/home/u/ssh"])
        #expect(table.mounts(concerning: "/media/usb stick/docs").map(\.type) == ["vfat", "tmpfs"])
        #expect(table.mounts(concerning: "/srv").isEmpty)
    }

    @Test func networkFileSystems_areNFSSMBAndFUSE_butNotALocalDisksFUSE() {
        let types = MountTable(parsing: Self.text).mounts.filter(\.isNetwork).map(\.type)
        #expect(types == ["nfs4", "fuse.sshfs"])
    }

    @Test func thisProcessesTable_holdsTheRoot() throws {
        let table = try MountWatch().read()
        #expect(table.isMounted("/"))
    }
}
