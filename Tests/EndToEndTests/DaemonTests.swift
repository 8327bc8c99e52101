import Testing
import Foundation
import FolioSQLite
import FolioProtocol

/// The built `foliod` on a private home with real inotify: each test changes the disk and
/// waits (polling, with a deadline) until the index agrees with it.
@Suite struct DaemonTests {
    let folio: Binaries
    let documents: String

    init() throws {
        let folio = try Binaries()
        try folio.write("config/folio/config.toml", "debounce_ms = 50\nmax_delay_ms = 2000\nworkers = 2\n")
        self.folio = folio
        documents = folio.home + "/Documents"
    }

    /// Starts foliod and waits until it answers on its socket.
    private func start() throws -> Process {
        let daemon = try folio.spawn("foliod", [])
        try waitUntil("foliod answers") { try folio.run("folioctl", ["status", "--json"]).output.contains("\"running\":true") }
        return daemon
    }

    private func stop(_ daemon: Process) {
        daemon.terminate()
        daemon.waitUntilExit()
    }

    private func paths(_ query: String) throws -> [String] {
        try folio.run("folioq", ["--limit", "1000", "--format", "paths", query]).output.split(separator: "\n")
            .map { String($0.dropFirst(documents.count + 1)) }.sorted()
    }

    /// The index holds exactly the supported files on disk, each found by its own word.
    private func indexEqualsDisk() throws -> Bool {
        let sources = try folio.run("folioctl", ["sources"]).output.split(separator: "\n").filter { !$0.hasPrefix("\t") }
            .map { String($0.split(separator: "\t").last!.dropFirst(documents.count + 1)) }.sorted()
        // Every file: those Folio reads by their words, the others by their names.
        var onDisk: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: documents)
        while let relative = enumerator?.nextObject() as? String {
            if enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeRegular { onDisk.append(relative) }
        }
        guard sources == onDisk.sorted() else { return false }
        for file in onDisk where file.hasSuffix(".txt") || file.hasSuffix(".md") {
            let word = try String(contentsOfFile: documents + "/" + file, encoding: .utf8).split(separator: " ").first.map(String.init) ?? ""
            if try paths(word) != [file] { return false }
        }
        return true
    }

    @Test func fileDroppedIn_isFoundMoments_later_andStatusSaysSo() throws {
        let daemon = try start()
        defer { stop(daemon) }
        try folio.write("Documents/new.txt", "quokka arrives")
        try waitUntil("new.txt is searchable") { try paths("quokka") == ["new.txt"] }
        let status = try folio.run("folioctl", ["status", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any])
        let daemonStatus = try #require(report["daemon"] as? [String: Any])
        #expect(daemonStatus["folders"] as? [String] == [documents])
        #expect((daemonStatus["watched_directories"] as? Int ?? 0) >= 1)
        #expect((report["counts"] as? [String: Any])?["documents"] as? Int == 1)
        #expect(try folio.run("folioctl", ["status"]).output.contains("foliod: "))
        // A client whose XDG_DATA_HOME points elsewhere shows the daemon's index, not none.
        let elsewhere = try folio.run("folioctl", ["status"], environment: ["XDG_DATA_HOME": folio.home + "/elsewhere"]).output
        #expect(elsewhere.contains("index: 1 documents") && elsewhere.contains("database: \(folio.databasePath)\n")
                && !elsewhere.contains("none yet"), "\(elsewhere)")
    }

    /// The workers (which load the PDF and OCR libraries) run only while there is work:
    /// an idle daemon is one small process, and the next change starts them again.
    @Test func idleDaemon_endsItsWorkers_andStartsThemForTheNextChange() throws {
        let daemon = try start()
        defer { stop(daemon) }
        let children = { () -> [String] in
            let pid = daemon.processIdentifier
            return ((try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? "").split(separator: " ").map(String.init)
        }
        try folio.write("Documents/first.txt", "wombat burrows")
        try waitUntil("first.txt is searchable") { try paths("wombat") == ["first.txt"] }
        #expect(!children().isEmpty)
        try waitUntil("the idle workers have ended") { children().isEmpty }
        try folio.write("Documents/second.txt", "numbat forages")
        try waitUntil("second.txt is searchable") { try paths("numbat") == ["second.txt"] }
    }

    /// More folders than inotify watches: foliod runs in a user namespace of its own whose
    /// watch limit (`/proc/sys/user/max_inotify_watches`, per namespace) is 8, so the
    /// machine's limit is untouched. The folders left unwatched are walked every
    /// `rescan_interval_seconds`, and status says so and how to raise the limit.
    @Test func moreFoldersThanWatches_areRescanned_andStatusSaysSo() throws {
        try folio.write("config/folio/config.toml", "debounce_ms = 50\nmax_delay_ms = 2000\nworkers = 1\nrescan_interval_seconds = 10\n")
        for index in 0..<20 { try folio.write("Documents/folder\(index)/note.txt", "marmot\(index) notes") }
        let daemon = try folio.spawn("/usr/bin/unshare", ["-U", "-r", "/bin/sh", "-c",
                                                         "echo 8 > /proc/sys/user/max_inotify_watches && exec \"$0\"", Binaries.directory + "/foliod"],
                                     absolute: true)
        defer { stop(daemon) }
        try waitUntil("the walk indexed every folder") { try paths("marmot19") == ["folder19/note.txt"] }
        let status = try folio.run("folioctl", ["status", "--json"]).output
        #expect(status.contains("\"unwatched_directories\":"), "\(status)")
        #expect(status.contains("inotify watches ran out") && status.contains("max_user_watches"), "\(status)")
        // A new file in every folder: at least 12 of them have no watch, so only the
        // rescan can find all 20.
        for index in 0..<20 { try folio.write("Documents/folder\(index)/late.txt", "capybara arrives") }
        try waitUntil("the rescan found every late.txt") { try paths("capybara").count == 20 }
    }

    @Test func createModifyDeleteRenameAndMoves_keepTheIndexEqualToTheDisk() throws {
        try FileManager.default.createDirectory(atPath: folio.home + "/outside", withIntermediateDirectories: true)
        try folio.write("Documents/a.txt", "alpha one")
        try folio.write("Documents/dir/b.txt", "bravo two")
        try folio.write("Documents/dir/sub/c.md", "charlie three")
        try folio.write("outside/d.txt", "delta four")
        let daemon = try start()
        defer { stop(daemon) }
        try waitUntil("start-up indexed") { try indexEqualsDisk() }

        try folio.write("Documents/a.txt", "echo changed")
        try waitUntil("modification") { try paths("echo") == ["a.txt"] && paths("alpha").isEmpty }

        try FileManager.default.moveItem(atPath: documents + "/a.txt", toPath: documents + "/renamed.txt")
        try waitUntil("rename") { try paths("echo") == ["renamed.txt"] }

        try FileManager.default.moveItem(atPath: documents + "/dir", toPath: documents + "/folder")
        try waitUntil("folder rename") { try paths("bravo") == ["folder/b.txt"] && paths("charlie") == ["folder/sub/c.md"] }

        try FileManager.default.moveItem(atPath: documents + "/folder/sub", toPath: folio.home + "/outside/sub")
        try waitUntil("move out") { try paths("charlie").isEmpty }

        try FileManager.default.moveItem(atPath: folio.home + "/outside/d.txt", toPath: documents + "/d.txt")
        try waitUntil("move in") { try paths("delta") == ["d.txt"] }

        try FileManager.default.moveItem(atPath: documents + "/d.txt", toPath: documents + "/d.bak")
        try waitUntil("rename to a kind Folio does not read: known by its new name") { try paths("delta").isEmpty && paths("bak") == ["d.bak"] }

        try FileManager.default.removeItem(atPath: documents + "/renamed.txt")
        try waitUntil("delete") { try paths("echo").isEmpty }

        try FileManager.default.createDirectory(atPath: documents + "/fresh/deeper", withIntermediateDirectories: true)
        for index in 0..<20 { try folio.write("Documents/fresh/deeper/f\(index).txt", "foxtrot\(index) new") }
        try waitUntil("new folder with files") { try indexEqualsDisk() }
    }

    @Test func burstOfWrites_toOneFile_isIndexedOnceOrTwice() throws {
        let daemon = try start()
        defer { stop(daemon) }
        let before = try indexedSinceStart()
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: { try? folio.write("Documents/log.txt", ""); return documents + "/log.txt" }()))
        for index in 0..<1000 { handle.write(Data("line\(index) ".utf8)) }
        try handle.close()
        try waitUntil("the log is indexed") { try paths("line999") == ["log.txt"] }
        try waitUntil("the daemon is idle: nothing settling, queued or read") { try daemonStatus()["state"] as? String == "idle" }
        let count = try indexedSinceStart() - before
        #expect(count >= 1 && count <= 3, "indexed \(count) times")
    }

    @Test func overflow_isFollowedByARescan() throws {
        let daemon = try start()
        defer { stop(daemon) }
        kill(daemon.processIdentifier, SIGSTOP)
        for index in 0..<10 { try folio.write("Documents/kept\(index).txt", "golf\(index) kept") }
        for index in 0..<17_000 { _ = FileManager.default.createFile(atPath: documents + "/noise\(index).dat", contents: nil) }
        kill(daemon.processIdentifier, SIGCONT)
        try waitUntil("files created during the overflow are indexed") { try indexEqualsDisk() }
    }

    @Test func killDuringIndexing_thenRestart_converges() throws {
        for index in 0..<300 { try folio.write("Documents/bulk/\(index).txt", "hotel\(index) " + String(repeating: "filler ", count: 200)) }
        let first = try start()
        try waitUntil("indexing started") { try folio.run("folioctl", ["sources"]).output.contains("indexed") }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        try FileManager.default.removeItem(atPath: documents + "/bulk/0.txt")
        try folio.write("Documents/bulk/new.txt", "india fresh")
        let second = try start()
        defer { stop(second) }
        try waitUntil("the index equals the disk") { try indexEqualsDisk() }
    }

    @Test func reload_appliesFolderChanges_andPauseHoldsIndexing() throws {
        try folio.write("Other/kept.txt", "juliet elsewhere")
        try folio.write("Documents/first.txt", "kilo first")
        let daemon = try start()
        defer { stop(daemon) }
        try waitUntil("first indexed") { try paths("kilo") == ["first.txt"] }
        #expect(try paths("juliet").isEmpty)

        try folio.write("config/folio/config.toml", "folders = [\"~/Documents\", \"~/Other\"]\ndebounce_ms = 50\nmax_delay_ms = 2000\n")
        #expect(try folio.run("folioctl", ["reload"]).status == 0)
        try waitUntil("the new folder is indexed") {
            try folio.run("folioq", ["--format", "paths", "juliet"]).output == folio.home + "/Other/kept.txt\n"
        }

        #expect(try folio.run("folioctl", ["pause"]).status == 0)
        try folio.write("Documents/held.txt", "lima held")
        try waitUntil("the change has settled and waits in the queue") {
            let status = try daemonStatus()
            return status["queued"] as? Int == 1 && status["debouncing"] as? Int == 0
        }
        #expect(try paths("lima").isEmpty, "nothing is indexed while paused")
        #expect(try folio.run("folioctl", ["status"]).output.contains("foliod: paused"))
        #expect(try folio.run("folioctl", ["resume"]).status == 0)
        try waitUntil("indexing resumed") { try paths("lima") == ["held.txt"] }

        try folio.write("config/folio/config.toml", "folders = [\"~/Documents\"]\n")
        kill(daemon.processIdentifier, SIGHUP)
        try waitUntil("the dropped folder is purged") { try folio.run("folioq", ["juliet"]).status == 1 }
    }

    @Test func fileOverTheTimeLimit_isRecordedAsFailed_andIndexingGoesOn() throws {
        try folio.write("config/folio/config.toml", "debounce_ms = 50\nmax_delay_ms = 2000\nworkers = 1\nfile_timeout_seconds = 1\n")
        let line = (0..<2_000).map { "slow\($0) words" }.joined(separator: " ") + "\n"
        try folio.write("Documents/huge.txt", String(repeating: line, count: 2_000))
        let daemon = try start()
        defer { stop(daemon) }
        try waitUntil("the slow file is recorded as failed") {
            try folio.run("folioctl", ["errors"]).output.contains("took longer than file_timeout_seconds (1) and was stopped")
        }
        try folio.write("Documents/after.txt", "mike after")
        try waitUntil("the next file is indexed by the new worker") { try paths("mike") == ["after.txt"] }
        #expect(try folio.run("folioctl", ["status", "--json"]).output.contains("\"running\":true"))
    }

    /// Office files and e-books (the loader tests' fixtures, made by real writers) dropped
    /// in, replaced, renamed and deleted: each found by its words, a slide at its page, and
    /// an encrypted one recorded with its reason while the others are read.
    @Test func officeFilesAndEbooks_areFound_asTheyAreDroppedChangedRenamedAndDeleted() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FolioLoadersTests/Fixtures/office").path
        let daemon = try start()
        defer { stop(daemon) }
        for name in ["sample.docx", "sample.odt", "sample.rtf", "sample.epub", "ledger.xlsx", "ledger.ods", "slides.pptx", "slides.odp",
                     "encrypted.docx"] {
            try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: documents + "/" + name)
        }
        try waitUntil("every kind is searchable") {
            try paths("Northpier") == ["sample.docx", "sample.epub", "sample.odt", "sample.rtf"] && paths("Kittiwake") == ["ledger.ods", "ledger.xlsx"]
                && paths("foghorn") == ["slides.odp", "slides.pptx"]
        }
        let slide = try folio.run("folioq", ["--json", "--path", documents + "/slides.pptx", "foghorn"]).output
        #expect(slide.contains("\"page\":3") && slide.contains("\"section\":\"Revenue\""), "\(slide)")
        // Each sheet begins with the same header row: content, kept on every sheet, where a
        // PDF's running header would be removed.
        let rows = try folio.run("folioq", ["--json", "--all-chunks", "--path", documents + "/ledger.xlsx", "Season"]).output
        #expect(rows.components(separatedBy: "\"page\":").count - 1 == 3, "\(rows)")
        try waitUntil("the encrypted file is recorded") {
            try folio.run("folioctl", ["errors"]).output.contains("encrypted.docx is encrypted, not indexed")
        }

        // Saved over, as office programs do: a new file renamed onto the old name.
        try FileManager.default.copyItem(atPath: fixtures + "/revised.docx", toPath: documents + "/.~sample.docx")
        #expect(rename(documents + "/.~sample.docx", documents + "/sample.docx") == 0)
        try waitUntil("the change") {
            try paths("Breakwater") == ["sample.docx"] && paths("Northpier") == ["sample.epub", "sample.odt", "sample.rtf"]
        }
        try FileManager.default.moveItem(atPath: documents + "/sample.docx", toPath: documents + "/renamed.docx")
        try waitUntil("the rename") { try paths("Breakwater") == ["renamed.docx"] }
        try FileManager.default.removeItem(atPath: documents + "/renamed.docx")
        try FileManager.default.removeItem(atPath: documents + "/ledger.xlsx")
        try waitUntil("the deletes") { try paths("Breakwater").isEmpty && paths("Kittiwake") == ["ledger.ods"] }
    }

    /// Mail: an .eml dropped in and a Maildir, whose messages a mail client moves from
    /// `new` to `cur` as they are read and deletes; each message is found by its words and
    /// by who sent it.
    @Test func mailMessages_areFound_asAMailClientMovesAndDeletesThem() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FolioLoadersTests/Fixtures/mail").path
        let daemon = try start()
        defer { stop(daemon) }
        try FileManager.default.copyItem(atPath: fixtures + "/Maildir", toPath: documents + "/Mail")
        try FileManager.default.copyItem(atPath: fixtures + "/plain.eml", toPath: documents + "/plain.eml")
        let unread = "Mail/new/1700000100.M2P2.harbour"
        try waitUntil("the messages are searchable") {
            try paths("dredger") == ["plain.eml"] && paths("pilot") == [unread]
                && paths("Tidewater") == ["Mail/cur/1700000000.M1P1.harbour:2,S", unread, "plain.eml"].sorted()
        }
        let message = try folio.run("folioq", ["--json", "dredger"]).output
        #expect(message.contains("\"fields\":{\"cc\":\"Cé Lighthouse <ce@harbour.example>\",\"date\":\"2023-11-14T09:30:00+01\","
                                 + "\"from\":\"Ada Tidewater <ada@harbour.example>\","), "\(message)")
        let read = "Mail/cur/1700000100.M2P2.harbour:2,S"
        try FileManager.default.moveItem(atPath: documents + "/" + unread, toPath: documents + "/" + read)
        try waitUntil("the message marked as read") { try paths("pilot") == [read] }
        try FileManager.default.removeItem(atPath: documents + "/" + read)
        try waitUntil("the message deleted") { try paths("pilot").isEmpty }
    }

    /// A mbox mailbox in Documents and a Thunderbird folder named in the configuration:
    /// a document per message, attachments inside them; mail appended, the mailbox
    /// renamed and deleted as a mail program and a person do.
    @Test func mailboxes_areADocumentPerMessage_asMailArrivesAndTheyMove() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FolioLoadersTests/Fixtures/mail").path
        let thunderbird = folio.home + "/.thunderbird/p.default/Mail"
        try folio.write("config/folio/config.toml", "debounce_ms = 50\nmax_delay_ms = 2000\nworkers = 2\n[mail]\nmailbox_folders = [\"~/.thunderbird/p.default/Mail\"]\n")
        try FileManager.default.createDirectory(atPath: thunderbird, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/Thunderbird/Local Folders", toPath: thunderbird + "/Local Folders")
        let daemon = try start()
        defer { stop(daemon) }
        try FileManager.default.copyItem(atPath: fixtures + "/Inbox.mbox", toPath: documents + "/Inbox.mbox")
        // The Thunderbird folder is walked apart from Documents: waited for as well, or a
        // busy machine finds it not yet read.
        func archive() throws -> String { try folio.run("folioq", ["--format", "paths", "berth plan"]).output }
        try waitUntil("the messages and attachments are searchable") {
            try paths("mooring") == ["Inbox.mbox//1"] && paths("crane") == ["Inbox.mbox//3"]
                && paths("\"harbour survey\"").contains("Inbox.mbox//2/sample.docx") && !archive().isEmpty
        }
        #expect(try archive() == thunderbird + "/Local Folders/Archive//1\n")
        let errors = try folio.run("folioctl", ["errors"]).output
        #expect(errors.contains("Inbox.mbox//2/encrypted.docx"), "\(errors)")

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: documents + "/Inbox.mbox"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("From ben@harbour.example Thu Nov 16 08:00:00 2023\nSubject: Dredging finished\n\nNine metres.\n\n".utf8))
        try handle.close()
        try waitUntil("the appended message") { try paths("metres") == ["Inbox.mbox//4"] }

        try FileManager.default.moveItem(atPath: documents + "/Inbox.mbox", toPath: documents + "/Archive 2023.mbox")
        try waitUntil("the renamed mailbox") {
            try paths("metres") == ["Archive 2023.mbox//4"] && paths("\"harbour survey\"").contains("Archive 2023.mbox//2/sample.docx")
        }
        try FileManager.default.removeItem(atPath: documents + "/Archive 2023.mbox")
        try waitUntil("the deleted mailbox") {
            try paths("metres").isEmpty && paths("mooring").isEmpty && !(try folio.run("folioctl", ["sources"]).output.contains(".mbox"))
        }
    }

    /// Found by the reliability suite's churn: a file renamed or deleted while a worker
    /// read it. The rename (or purge) finds no row yet; the worker then writes one under
    /// the old path, which must not stay.
    @Test func fileRenamedAndFileDeleted_whileBeingRead_leaveNoStaleEntry() throws {
        try folio.write("config/folio/config.toml", "debounce_ms = 50\nmax_delay_ms = 2000\nworkers = 2\n")
        // Each under IndexQueue.largeFileBytes, so that both are read at once.
        let line = (0..<2_000).map { "slow\($0) words" }.joined(separator: " ") + "\n"
        try folio.write("Documents/renamed.txt", String(repeating: line, count: 120))
        try folio.write("Documents/deleted.txt", String(repeating: line, count: 120))
        let daemon = try start()
        defer { stop(daemon) }
        try waitUntil("both are being read", longestPause: 0.05) {
            let status = try folio.run("folioctl", ["status", "--json"]).output
            return status.contains("renamed.txt") && status.contains("deleted.txt")
        }
        try FileManager.default.moveItem(atPath: documents + "/renamed.txt", toPath: documents + "/moved.txt")
        try FileManager.default.removeItem(atPath: documents + "/deleted.txt")
        try waitUntil("the index equals the disk") {
            try folio.run("folioctl", ["sources"]).output.split(separator: "\n").filter { !$0.hasPrefix("\t") }.count == 1
                && paths("slow1999") == ["moved.txt"]
        }
    }

    /// Another process holds the database for longer than the busy timeouts (the daemon's
    /// 2 s, a worker's 10 s) while files are created, renamed and deleted: the daemon's own
    /// changes (the rename, the purge) and the worker's are refused, and all are made once
    /// the database is free.
    @Test func changesRefusedByABusyDatabase_areMadeOnceItIsFree() throws {
        try folio.write("Documents/renamed.txt", "oscar renamed")
        try folio.write("Documents/deleted.txt", "papa deleted")
        let daemon = try start()
        defer { stop(daemon) }
        try waitUntil("both are indexed") { try paths("oscar") == ["renamed.txt"] && paths("papa") == ["deleted.txt"] }
        let holder = try SQLiteDatabase(path: folio.databasePath, access: .readWrite, busyTimeoutMilliseconds: 5000)
        try holder.withoutTransaction { db in
            try db.execute("BEGIN IMMEDIATE")
            try folio.write("Documents/created.txt", "quebec created")
            try FileManager.default.moveItem(atPath: documents + "/renamed.txt", toPath: documents + "/moved.txt")
            try FileManager.default.removeItem(atPath: documents + "/deleted.txt")
            var refused: Set<String> = []
            try waitUntil("the daemon's change and the worker's are refused") {
                let status = try folio.run("folioctl", ["status", "--json"]).output
                for (operation, by) in [("rename ", "daemon"), ("forget", "daemon"), ("save ", "worker")]
                where status.contains(operation) && status.contains("kept the index busy") {
                    refused.insert(by)
                }
                return refused.count == 2
            }
            try db.execute("COMMIT")
        }
        try waitUntil("the index equals the disk") { try indexEqualsDisk() }
        #expect(try folio.run("folioctl", ["errors"]).output.isEmpty)
    }

    /// Two large files are never read at once (`IndexQueue.largeFileBytes`: a large file
    /// makes a worker hold the most); the small file is indexed meanwhile.
    @Test func largeFiles_areReadOneAtATime() throws {
        let line = (0..<2_000).map { "large\($0) words" }.joined(separator: " ") + "\n"
        let large = String(repeating: line, count: 250)
        #expect(large.utf8.count >= 5 << 20)
        try folio.write("Documents/first.txt", large)
        try folio.write("Documents/second.txt", large)
        try folio.write("Documents/small.txt", "small words\n")
        let daemon = try start()
        defer { stop(daemon) }
        var largeAtOnce = 0
        // On progress: each large file takes a worker a while, longer on a busy machine.
        try waitWhileProgressing("all three are indexed", pause: 0.05) {
            let status = try folio.run("folioctl", ["status", "--json"]).output
            let reading = ["first.txt", "second.txt"].filter { status.contains($0 + "\"") }.count
            largeAtOnce = max(largeAtOnce, reading)
            let indexed = try paths("large1999").count + paths("small").count
            return (try indexed == 3 && paths("small") == ["small.txt"], indexed)
        }
        #expect(largeAtOnce == 1, "at most one large file read at a time, and one was seen being read")
    }

    /// Workers take turns to recognise pages (`WorkerPool.grantTurns`): with two workers and
    /// four scans, one page at a time is read by tesseract, a worker told to put its scan
    /// off reads it later, and the text file is indexed too.
    @Test func scans_areRecognisedOneAtATime_andAllIndexed() throws {
        let scan = try Data(contentsOf: URL(fileURLWithPath: PDFEndToEndTests.fixtures + "/scanned.pdf"))
        for copy in 1...4 {
            // Distinct content, so that no copy is read from the OCR cache.
            try folio.write("Documents/scan\(copy).pdf", scan + Data("% copy \(copy)\n".utf8))
        }
        try folio.write("Documents/notes.txt", "harbour notes\n")
        let daemon = try start()
        defer { stop(daemon) }
        var mostAtOnce = 0
        try waitUntil("the four scans and the notes are indexed", longestPause: 0.05) {
            mostAtOnce = max(mostAtOnce, (try daemonStatus()["recognising"] as? [String])?.count ?? 0)
            return try paths("Northwind").count == 4 && paths("harbour") == ["notes.txt"]
        }
        #expect(mostAtOnce == 1, "one page recognised at a time, and one was seen")
        try waitUntil("the daemon is idle") { try daemonStatus()["state"] as? String == "idle" }
        #expect(try daemonStatus()["indexed_since_start"] as? Int == 5, "a file put off is not counted until it is indexed")
        #expect(try folio.run("folioctl", ["errors"]).output.isEmpty)
    }

    /// Seen under churn: a query while foliod creates the index exited 2 ("has an older
    /// schema"). Until the schema is there, a query finds nothing (exit 1) and says why.
    @Test func queryWhileTheIndexIsCreated_findsNothing_andNeverFails() throws {
        for index in 0..<40 { try folio.write("Documents/n\(index).txt", "sierra\(index) tango") }
        try FileManager.default.createDirectory(atPath: folio.home + "/data/folio", withIntermediateDirectories: true)
        // A database file with no schema yet (foliod has created the file, not the tables),
        // then one with its migrations half recorded.
        #expect(FileManager.default.createFile(atPath: folio.databasePath, contents: nil))
        var empty = try folio.run("folioq", ["sierra1"])
        #expect(empty.status == 1 && empty.error.contains("being created or upgraded"), "\(empty)")
        try SQLiteDatabase(path: folio.databasePath, access: .readWrite, busyTimeoutMilliseconds: 5000).write { db in
            try db.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute("INSERT INTO grdb_migrations VALUES ('v0001_core')")
        }
        empty = try folio.run("folioq", ["sierra1"])
        #expect(empty.status == 1 && empty.error.contains("being created or upgraded"), "\(empty)")
        try FileManager.default.removeItem(atPath: folio.databasePath)
        // And against a real start on a new database, from the instant foliod is started
        // (before its control socket is there), no query ends in an error.
        let daemon = try folio.spawn("foliod", [])
        defer { stop(daemon) }
        var statuses: Set<Int32> = []
        try waitUntil("the files are searchable", longestPause: 0.05) {
            let result = try folio.run("folioq", ["--limit", "100", "--format", "paths", "tango"])
            statuses.insert(result.status)
            #expect(result.status != 2, "\(result.error)")
            return result.output.split(separator: "\n").count == 40
        }
        #expect(!statuses.contains(2))
        // Another index, which this foliod does not keep, is not "being created": there is
        // none yet, which is no error; a --db that names no index is one.
        let elsewhere = try folio.run("folioq", ["tango"], environment: ["XDG_DATA_HOME": folio.home + "/elsewhere"])
        #expect(elsewhere.status == 1 && elsewhere.error.contains("nothing is indexed yet (no index at \(folio.home)/elsewhere/folio/folio.sqlite)"),
                "\(elsewhere)")
        let named = try folio.run("folioq", ["--db", folio.home + "/elsewhere.sqlite", "tango"])
        #expect(named.status == 2 && named.error.contains("no index at \(folio.home)/elsewhere.sqlite"), "\(named)")
    }

    /// A `folioctl` of another build (another protocol version), or of the build before the
    /// typed protocol (a bare `status` line), is told so by the daemon, which goes on.
    @Test func controlClientOfAnotherBuild_isToldSo() throws {
        let daemon = try start()
        defer { stop(daemon) }
        let socket = folio.home + "/run/folio/control.sock"
        let client = "import socket, sys\ns = socket.socket(socket.AF_UNIX)\ns.connect(sys.argv[1])\n"
            + "s.sendall(sys.argv[2].encode() + b'\\n')\nprint(s.makefile().readline(), end='')\n"
        for (line, expected) in [(#"{"body":{"status":{}},"version":99}"#, "folioctl speaks protocol 99"), ("status", "not a Folio control message")] {
            let answer = try folio.runTool("/usr/bin/python3", ["-c", client, socket, line])
            let reply = try ControlReply(line: Array(answer.output.utf8))
            guard case let .failed(reason) = reply else {
                Issue.record("\(line): \(reply)")
                continue
            }
            #expect(reason.contains(expected) && reason.contains("restart foliod"), "\(reason)")
        }
        #expect(try folio.run("folioctl", ["status", "--json"]).output.contains("\"running\":true"), "the daemon goes on")
    }

    @Test func controlCommands_withoutADaemon_sayItIsNotRunning() throws {
        let result = try folio.run("folioctl", ["pause"])
        #expect(result.status == 2)
        #expect(result.error.contains("foliod is not running"))
    }

    @Test func sigterm_endsTheDaemonQuickly() throws {
        let daemon = try start()
        let started = Date()
        daemon.terminate()
        daemon.waitUntilExit()
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(daemon.terminationStatus == 0)
        #expect(try folio.run("folioctl", ["status"]).output.contains("not running"))
    }

    /// `folioctl status --json`'s daemon part.
    private func daemonStatus() throws -> [String: Any] {
        let status = try folio.run("folioctl", ["status", "--json"]).output
        return (try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])?["daemon"] as? [String: Any] ?? [:]
    }

    private func indexedSinceStart() throws -> Int {
        let status = try folio.run("folioctl", ["status", "--json"]).output
        let report = try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any]
        return (report?["daemon"] as? [String: Any])?["indexed_since_start"] as? Int ?? -1
    }
}

/// The systemd unit as `make install` writes it.
@Suite struct SystemdUnitTests {
    static let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("systemd/foliod.service").path

    @Test func installedUnit_isValid_andNotifiesAndRunsLow() throws {
        let text = try String(contentsOfFile: Self.unit, encoding: .utf8).replacingOccurrences(of: "@BINDIR@", with: Binaries.directory)
        for line in ["Type=notify", "Restart=on-failure", "IOSchedulingClass=idle", "Environment=OMP_THREAD_LIMIT=1", "PrivateNetwork=true"] {
            #expect(text.contains("\n" + line + "\n"), "\(line)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-unit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: folder + "/foliod.service", atomically: true, encoding: .utf8)
        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        verify.arguments = ["verify", folder + "/foliod.service"]
        let errors = Pipe()
        verify.standardError = errors
        try verify.run()
        verify.waitUntilExit()
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(verify.terminationStatus == 0, "\(complaints)")
        #expect(complaints.isEmpty, "\(complaints)")
    }
}
