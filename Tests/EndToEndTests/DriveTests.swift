import Foundation
import FolioSQLite
import FolioTestSupport
import Testing

/// Folders that come and go, with real mounts (as root, which `make test` is): a folder on
/// a "drive" (a bind mount of a folder of the test's, which keeps its files when unmounted,
/// as a USB drive does) unplugged while foliod runs and while it is stopped, back after a
/// restart, deleted for real, kept past `offline_days`, forgotten; and a FUSE file system
/// (bindfs), whose changes made beside it inotify does not see, as it does not see another
/// machine's on a network share.
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting needs root")) struct DriveTests {
    let folio: Binaries
    /// Where the drive is mounted, and the watched folder on it.
    let mountPoint: String
    let folder: String

    init() throws {
        folio = try Binaries()
        mountPoint = folio.home + "/media/usb"
        folder = mountPoint + "/docs"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try folio.write("config/folio/config.toml", """
            folders = ["\(folio.home)/Documents", "\(folder)"]
            debounce_ms = 50
            max_delay_ms = 2000
            workers = 2
            rescan_interval_seconds = 10

            """)
        try folio.write("Documents/note.txt", "lighthouse keeper's note")
    }

    /// A drive's folder of 50 look-alike invoices, each with its own number, and a scan.
    func makeDrive(_ name: String) throws -> String {
        for number in 10..<60 {
            try folio.write("\(name)/docs/invoice-\(number).txt", "Invoice INV-2023-47\(number) for garden maintenance, payable in thirty days.")
        }
        try folio.write("\(name)/docs/scan.pdf", try Data(contentsOf: URL(fileURLWithPath: PDFEndToEndTests.fixtures + "/scanned.pdf")))
        return folio.home + "/" + name
    }

    func mount(_ source: String, at point: String) throws {
        let result = try folio.runTool("/bin/mount", ["--bind", source, point])
        try #require(result.status == 0, "mount --bind: \(result.error)")
    }

    func unmount(_ point: String) throws {
        let result = try folio.runTool("/bin/umount", [point])
        try #require(result.status == 0, "umount: \(result.error)")
    }

    /// Unmounts whatever the test left mounted, lazily: a failed expectation must not leave
    /// a mount in the tests' scratch folder.
    func cleanUp(_ points: [String]) {
        for point in points { _ = try? folio.runTool("/bin/umount", ["-l", point]) }
    }

    func start() throws -> Process {
        let daemon = try folio.spawn("foliod", [])
        try waitUntil("foliod answers") { try folio.run("folioctl", ["status", "--json"]).output.contains("\"running\":true") }
        return daemon
    }

    func stop(_ daemon: Process) {
        daemon.terminate()
        daemon.waitUntilExit()
    }

    func found(_ query: String) throws -> [String] {
        try folio.run("folioq", ["--limit", "100", "--format", "paths", query]).output.split(separator: "\n").map(String.init)
    }

    func report() throws -> [String: Any] {
        try #require(try folio.statusReport())
    }

    func offline() throws -> [String] {
        (try report()["offline"] as? [[String: Any]] ?? []).compactMap { $0["mount_point"] as? String }
    }

    /// foliod has nothing left to do: no walk, nothing queued or in hand.
    func settled() throws -> Bool {
        let daemon = try report()["daemon"] as? [String: Any]
        return daemon?["state"] as? String == "idle" && daemon?["queued"] as? Int == 0
    }

    func indexedSinceStart() throws -> Int {
        (try report()["daemon"] as? [String: Any])?["indexed_since_start"] as? Int ?? -1
    }

    /// What re-reading a file would change: each document's row (a document read again is
    /// written anew, with new chunks), the chunks, the pages tesseract recognised.
    func work() throws -> [String] {
        try SQLiteDatabase(path: folio.databasePath, access: .readOnly, busyTimeoutMilliseconds: 5000).read { db in
            try db.rows("SELECT id, path, content_hash FROM document ORDER BY path").map { "\($0["id"] as Int64) \($0["path"] as String) \($0["content_hash"] as String? ?? "")" }
                + db.rows("SELECT id, document_id FROM chunk ORDER BY id").map { "chunk \($0["id"] as Int64) \($0["document_id"] as Int64)" }
                + db.rows("SELECT content_hash, page, created_at FROM ocr_cache ORDER BY 1, 2").map { "ocr \($0["content_hash"] as String) \($0["page"] as Int64) \($0["created_at"] as Int64)" }
        }
    }

    @Test func aDriveUnpluggedWhileRunningAndAtTheStart_keepsItsDocuments_andComesBackWithoutReadingThemAgain() throws {
        let stick = try makeDrive("stick")
        try mount(stick, at: mountPoint)
        defer { cleanUp([mountPoint]) }
        var daemon = try start()
        defer { stop(daemon) }
        try waitUntil("the drive is indexed") { try found("INV-2023-4711") == [folder + "/invoice-11.txt"] && found("thirty").count == 51 }
        try waitUntil("foliod has settled") { try settled() }
        let before = try work()
        #expect(before.contains { $0.hasPrefix("ocr ") }, "the scan was recognised")

        // Unplugged while foliod runs: offline, still found, and said so.
        try unmount(mountPoint)
        try waitUntil("status says the drive is offline") { try offline() == [mountPoint] }
        #expect(try found("INV-2023-4711") == [folder + "/invoice-11.txt"])
        let human = try folio.run("folioq", ["INV-2023-4711"])
        #expect(human.status == 0 && human.output.contains("on a drive that is not connected (\(mountPoint))"), "\(human.output)")
        let json = try folio.run("folioq", ["--json", "INV-2023-4711"]).output
        #expect(json.contains("\"offline\":{\"mount_point\":\"\(mountPoint)\",\"since\":"), "\(json)")
        let status = try folio.run("folioctl", ["status"]).output
        #expect(status.contains("offline: \(mountPoint) is not mounted since ") && status.contains("its 51 documents are kept until "), "\(status)")

        // Restarted while it is away: nothing purged.
        stop(daemon)
        daemon = try start()
        try waitUntil("foliod has settled after its start") { try settled() }
        #expect(try offline() == [mountPoint])
        #expect(try found("INV-2023-4711") == [folder + "/invoice-11.txt"])
        #expect(try work() == before, "nothing removed or read while the drive is away")

        // Changed elsewhere while away, then back: the one changed file is read, no other.
        try folio.write("stick/docs/invoice-12.txt", "Invoice INV-2023-4712 cancelled: nothing is due.")
        try mount(stick, at: mountPoint)
        try waitUntil("the drive is back and walked") { try offline().isEmpty && found("cancelled") == [folder + "/invoice-12.txt"] }
        try waitUntil("foliod has settled after the drive came back") { try settled() }
        #expect(try indexedSinceStart() == 1, "only the file changed while away was read")
        let after = try work()
        let changed = Set(before).symmetricDifference(after).filter { !$0.contains("invoice-12.txt") && !$0.hasPrefix("chunk ") }
        #expect(changed.isEmpty, "every other document, and the recognised page, as before: \(changed.count) rows differ, \(changed.sorted().prefix(3))")
        #expect(after.filter { $0.hasPrefix("ocr ") } == before.filter { $0.hasPrefix("ocr ") })

        // The same files on a drive whose inodes differ (copied, as another file system
        // mounted anew gives them): their content hash says they are unchanged.
        try unmount(mountPoint)
        try waitUntil("offline again") { try offline() == [mountPoint] }
        let copy = folio.home + "/stick-copy"
        let copied = try folio.runTool("/bin/cp", ["-a", stick, copy])
        try #require(copied.status == 0, "\(copied.error)")
        let settledWork = try work()
        let read = try indexedSinceStart()
        try mount(copy, at: mountPoint)
        try waitUntil("the copy is back and walked") { try offline().isEmpty && settled() && indexedSinceStart() > read }
        try waitUntil("every file was looked at") { try settled() && indexedSinceStart() == read + 51 }
        #expect(try work() == settledWork, "hashed, not read: no document, chunk or recognised page made again")

        // Deleted for real on the drive: its documents go.
        try FileManager.default.removeItem(atPath: folder)
        try waitUntil("the deleted folder's documents are gone") { try found("INV-2023-4711").isEmpty && found("lighthouse").count == 1 }
        #expect(try offline().isEmpty)
    }

    @Test func offlinePastItsDays_isRemovedAtTheStart_andForgetRemovesAtOnce() throws {
        let stick = try makeDrive("stick")
        try mount(stick, at: mountPoint)
        defer { cleanUp([mountPoint]) }
        var daemon = try start()
        try waitUntil("the drive is indexed") { try found("INV-2023-4711") == [folder + "/invoice-11.txt"] }
        // Unmounted once no worker has a file of it open (the kernel refuses it before).
        try waitUntil("foliod has settled") { try settled() }
        try unmount(mountPoint)
        try waitUntil("offline") { try offline() == [mountPoint] }
        stop(daemon)

        // 31 days ago, as the clock goes: past the 30 days kept by default.
        let database = try SQLiteDatabase(path: folio.databasePath, access: .readWrite, busyTimeoutMilliseconds: 5000)
        try database.write { db in try db.execute("UPDATE volume SET offline_since = offline_since - 31 * 86400") }
        daemon = try start()
        defer { stop(daemon) }
        try waitUntil("the drive's documents are removed") { try found("INV-2023-4711").isEmpty && offline().isEmpty }
        #expect(try found("lighthouse").count == 1, "the other folder's stay")

        // Back, indexed again, away again, and forgotten at once.
        try mount(stick, at: mountPoint)
        try waitUntil("the drive is indexed again") { try found("INV-2023-4711") == [folder + "/invoice-11.txt"] }
        try waitUntil("foliod has settled again") { try settled() }
        try unmount(mountPoint)
        try waitUntil("offline again") { try offline() == [mountPoint] }
        let forget = try folio.run("folioctl", ["forget", mountPoint])
        #expect(forget.output == "forgot 51 documents\n", "\(forget.output) \(forget.error)")
        #expect(try found("INV-2023-4711").isEmpty && offline().isEmpty)
    }

    /// bindfs (FUSE) over a folder inside Documents: a file written to the folder it
    /// mirrors, not through the mount, makes no inotify event there, as a file another
    /// machine writes on an NFS share makes none; the walk every `rescan_interval_seconds`
    /// finds it.
    @Test func aNetworkFileSystem_isWalkedEveryRescanInterval_andStatusSaysSo() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/bindfs"), "bindfs is not installed: run make test")
        let remote = folio.home + "/remote"
        try folio.write("remote/first.txt", "kiwi harvest report")
        let share = folio.home + "/Documents/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        // In the foreground, as a child of the test's: a FUSE daemon that forks away is
        // never seen to end by Foundation's Process.
        let bindfs = try folio.spawn("/usr/bin/bindfs", ["-f", remote, share], absolute: true)
        defer {
            cleanUp([share])
            bindfs.waitUntilExit()
        }
        try waitUntil("bindfs has mounted the share") { try String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8).contains(" \(share) ") }
        let daemon = try start()
        defer { stop(daemon) }
        try waitUntil("the share is indexed") { try found("kiwi") == [share + "/first.txt"] }
        let status = try report()["daemon"] as? [String: Any]
        #expect(status?["network_folders"] as? [String] == [share], "\(status ?? [:])")
        #expect((status?["warning"] as? String)?.contains("on a network file system: walked every 10 s") == true, "\(status ?? [:])")
        try folio.write("remote/second.txt", "mango shipment arrived")
        try waitUntil("the rescan found the file written beside the mount") { try found("mango") == [share + "/second.txt"] }
    }
}
