import Testing
@testable import FolioStore
import FolioCore
import FolioText

/// The volumes foliod records: a hit on one not mounted says so, status counts what is kept
/// of each, and forgetting a folder forgets the volumes in it.
@Suite struct VolumeTests {
    @Test func aHitOnAVolumeNotMounted_isMarkedOffline_andStatusCountsItsDocuments() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/media/usb/docs/a.txt"), chunks: TemporaryDatabase.chunks(["heron invoice"]))
        try store.save(TemporaryDatabase.record("/media/usb2/b.txt"), chunks: TemporaryDatabase.chunks(["heron receipt"]))
        try store.save(TemporaryDatabase.record("/home/u/c.txt"), chunks: TemporaryDatabase.chunks(["heron note"]))
        try store.record(Volume(mountPoint: "/media/usb", type: "vfat", offlineSince: 1_000))
        try store.record(Volume(mountPoint: "/media/usb2", type: "ext4"))
        let reader = try IndexReader(path: database.path)
        let hits = try reader.search(SearchRequest(query: SearchQuery(parsing: "heron"), limit: 10))
        #expect(Dictionary(uniqueKeysWithValues: hits.map { ($0.path, $0.offline?.mountPoint) })
            == ["/media/usb/docs/a.txt": "/media/usb", "/media/usb2/b.txt": nil, "/home/u/c.txt": nil])
        #expect(try reader.offlineFolders(offlineDays: 30) == [OfflineFolder(mountPoint: "/media/usb", since: 1_000, keptUntil: 1_000 + 30 * 86_400, documents: 1)])
        #expect(try reader.offlineFolders(offlineDays: 0).first?.keptUntil == nil)

        // Mounted again: recorded in place.
        try store.record(Volume(mountPoint: "/media/usb", type: "vfat"))
        #expect(try reader.offlineFolders(offlineDays: 30).isEmpty)
        #expect(try store.forgetVolumes(in: .tree("/media")) == 2)
        #expect(try store.volumes().isEmpty)
    }
}
