import Testing
import FolioCore
import FolioDaemon
import FolioProtocol
import FolioSystem

/// The daemon's decisions, driven by inputs and read from the actions, with the time given:
/// no processes, no files, no sleeps.
@Suite struct DaemonCoreTests {
    /// A core watching `/d`, started and past its start-up walk (which found nothing).
    struct Harness {
        var core = DaemonCore(home: "/home/u", database: "/d/data/folio.sqlite")
        var now: Int64 = 1_000
        var actions: [DaemonAction] = []

        init(workers: Int = 2, configure: (inout FolioConfiguration) -> Void = { _ in }) {
            var configuration = FolioConfiguration.default
            configuration.folders = ["/d"]
            configuration.daemon.workers = workers
            configuration.daemon.debounceMilliseconds = 100
            configuration.daemon.maximumDelayMilliseconds = 1000
            configure(&configuration)
            let walk = feed(.configure(configuration)).compactMap { if case let .walk(id, _) = $0 { id } else { nil } }
            for id in walk { feed(.walkEnded(id)) }
            actions = []
        }

        @discardableResult
        mutating func feed(_ input: DaemonInput) -> [DaemonAction] {
            let produced = core.handle(input, now: now)
            actions += produced
            return produced
        }

        @discardableResult
        mutating func wait(_ milliseconds: Int64) -> [DaemonAction] {
            now += milliseconds
            let produced = core.advance(now: now)
            actions += produced
            return produced
        }

        /// A file saved, settled, and found on disk: queued and (with a worker free) handed out.
        @discardableResult
        mutating func save(_ path: String, size: Int64 = 100) -> [DaemonAction] {
            feed(.file(FileEvent(.changed(finished: true), path: path)))
            let examined = wait(200)
            #expect(examined.contains(.examine(path, .settled)), "\(examined)")
            return feed(.examined(path, Self.file(size: size), .settled))
        }

        static func file(size: Int64 = 100) -> FileStatus {
            FileStatus(kind: .regular, size: size, modificationTimeNanoseconds: 1, inode: 7)
        }

        /// The worker each file was sent to, from the actions so far.
        func sentTo(_ path: String) -> WorkerID? {
            actions.lazy.compactMap { if case let .worker(.send(id, .index(sent))) = $0, sent == path { id } else { nil } }.last
        }

        var changes: [IndexChange] { actions.compactMap { if case let .change(change) = $0 { change } else { nil } } }
        var started: [WorkerID] { actions.compactMap { if case let .worker(.start(id)) = $0 { id } else { nil } } }
    }

    @Test func savedFile_isHandedToANewWorker_andItsAnswerCounted() throws {
        var harness = Harness()
        let actions = harness.save("/d/a.txt")
        let worker = try #require(harness.started.first)
        #expect(actions == [.worker(.start(worker)), .worker(.send(worker, .index(path: "/d/a.txt")))])
        harness.feed(.worker(worker, .hello(version: WireProtocol.version)))
        let answered = harness.feed(.worker(worker, .finished(.indexed(chunks: 1, ocrPages: 0))))
        #expect(answered.contains(.examine("/d/a.txt", .afterReading)))
        #expect(harness.core.status(pid: 1, databasePath: "db", now: harness.now).indexedSinceStart == 1)
    }

    /// Found by the reliability suite: renamed (or deleted) while a worker read it. The
    /// rename finds no document yet, the worker then writes one under the old name: looked
    /// at after the reading, the old path is gone, and its document is purged; the new name
    /// is indexed.
    @Test func fileRenamedWhileBeingRead_leavesNoDocumentUnderItsOldName() throws {
        var harness = Harness()
        harness.save("/d/old.txt")
        let worker = try #require(harness.sentTo("/d/old.txt"))
        harness.feed(.file(FileEvent(.movedFrom(cookie: 9), path: "/d/old.txt")))
        let moved = harness.feed(.file(FileEvent(.movedTo(cookie: 9), path: "/d/new.txt")))
        #expect(moved.contains(.change(.moveFile(from: "/d/old.txt", to: "/d/new.txt"))))
        let answered = harness.feed(.worker(worker, .finished(.indexed(chunks: 1, ocrPages: 0))))
        #expect(answered.contains(.examine("/d/old.txt", .afterReading)))
        #expect(harness.feed(.examined("/d/old.txt", nil, .afterReading)) == [.change(.purge("/d/old.txt", tree: false))])
        #expect(harness.wait(200).contains(.examine("/d/new.txt", .settled)))
        harness.feed(.examined("/d/new.txt", Harness.file(), .settled))
        #expect(harness.sentTo("/d/new.txt") != nil)
    }

    /// A file that changes while a worker reads it waits for that reading: two readings at
    /// once could end with the older one written last.
    @Test func fileChangedWhileBeingRead_waitsForThatReading() throws {
        var harness = Harness()
        harness.save("/d/a.txt")
        let worker = try #require(harness.sentTo("/d/a.txt"))
        let again = harness.save("/d/a.txt")
        #expect(!again.contains { if case .worker(.send(_, .index)) = $0 { true } else { false } }, "\(again)")
        let answered = harness.feed(.worker(worker, .finished(.indexed(chunks: 1, ocrPages: 0))))
        #expect(answered.contains(.worker(.send(worker, .index(path: "/d/a.txt")))))
    }

    @Test func moveWithoutItsOtherHalf_isARemoval() {
        var harness = Harness()
        harness.feed(.file(FileEvent(.movedFrom(cookie: 3), path: "/d/sub", isDirectory: true)))
        #expect(harness.wait(50).isEmpty)
        let expired = harness.wait(60)
        #expect(expired.contains(.unwatch(tree: "/d/sub")))
        #expect(expired.contains(.change(.purge("/d/sub", tree: true))))
    }

    /// OCR takes turns: one worker recognises at a time; a worker asking while another
    /// holds an engine puts its document off, and that document goes first at the next turn.
    @Test func ocrTurns_oneAtATime_andThePutOffDocumentGoesFirst() throws {
        var harness = Harness()
        harness.save("/d/scan1.pdf")
        harness.save("/d/scan2.pdf")
        let first = try #require(harness.sentTo("/d/scan1.pdf"))
        let second = try #require(harness.sentTo("/d/scan2.pdf"))
        #expect(first != second)
        // Both ask; the first to ask while the other still reads waits.
        #expect(harness.feed(.worker(first, .wantsTurn)).isEmpty)
        let granted = harness.feed(.worker(second, .wantsTurn))
        #expect(granted.contains(.worker(.send(first, .turn(granted: true)))))
        #expect(granted.contains(.worker(.send(second, .turn(granted: false)))))
        #expect(harness.core.status(pid: 1, databasePath: "db", now: harness.now).recognising == ["/d/scan1.pdf"])
        // The second puts its scan off; nothing is handed out while a page is recognised.
        let putOff = harness.feed(.worker(second, .finished(.putOff)))
        #expect(putOff.contains(.worker(.stop(second, kill: false))), "an idle worker is ended during a turn")
        #expect(!putOff.contains { if case .worker(.send(_, .index)) = $0 { true } else { false } })
        harness.feed(.worker(first, .turnDone))
        let done = harness.feed(.worker(first, .finished(.indexed(chunks: 1, ocrPages: 1))))
        #expect(done.contains(.worker(.send(first, .index(path: "/d/scan2.pdf")))), "\(done)")
    }

    /// A write the database refuses while another process holds it is not lost: its path
    /// is looked at again 5 s later, and meanwhile no change is tried.
    @Test func changeRefusedByABusyDatabase_isMadeAtTheResync() {
        var harness = Harness()
        harness.feed(.file(FileEvent(.deleted, path: "/d/gone.txt")))
        #expect(harness.changes == [.purge("/d/gone.txt", tree: false)])
        let busy = StoreRefusal(.busy, message: "busy")
        harness.feed(.refused(.purge("/d/gone.txt", tree: false), busy))
        #expect(harness.core.status(pid: 1, databasePath: "db", now: harness.now).lastError == "busy")
        let untried = harness.feed(.file(FileEvent(.deleted, path: "/d/other.txt")))
        #expect(untried.isEmpty, "no change is tried while the database is known to be held")
        #expect(harness.wait(4_000).isEmpty)
        let resync = harness.wait(1_000)
        #expect(resync.contains(.examine("/d/gone.txt", .resync)) && resync.contains(.examine("/d/other.txt", .resync)))
        #expect(harness.feed(.examined("/d/gone.txt", nil, .resync)) == [.change(.purge("/d/gone.txt", tree: true))])
        let folder = FileStatus(kind: .directory, size: 0, modificationTimeNanoseconds: 0, inode: 1)
        #expect(harness.feed(.examined("/d/other.txt", folder, .resync)).contains { if case .walk(_, "/d/other.txt") = $0 { true } else { false } })
        #expect(!harness.core.isSettled)
    }

    /// A full disk stops the hand-out; retries come 5, 10, 20 … 60 s apart, each walking
    /// the folders again; the first indexed file resets the wait.
    @Test func fullDisk_backsOffAndRetries() throws {
        var harness = Harness(workers: 1)
        harness.save("/d/a.txt")
        let worker = try #require(harness.sentTo("/d/a.txt"))
        let full = StoreRefusal(.diskFull, message: "disk full")
        harness.feed(.worker(worker, .finished(.refused(full))))
        #expect(harness.core.isWaitingForSpace)
        #expect(harness.core.status(pid: 1, databasePath: "db", now: harness.now).state == .diskFull)
        var retries: [Int64] = []
        var last = harness.now
        for _ in 0..<80 {
            let actions = harness.wait(1_000)
            if actions.contains(where: { if case .walk = $0 { true } else { false } }) {
                retries.append(harness.now - last)
                last = harness.now
                let id = harness.core.currentWalk!
                harness.feed(.walkEnded(id))
                if let sent = harness.sentTo("/d/a.txt"), actions.contains(.worker(.send(sent, .index(path: "/d/a.txt")))) {
                    harness.feed(.worker(sent, .finished(.refused(full))))
                }
            }
        }
        #expect(retries.prefix(4) == [5_000, 10_000, 20_000, 40_000], "\(retries)")
    }

    @Test func pause_holdsTheHandOut_andResumeReleasesIt() {
        var harness = Harness()
        harness.feed(.pause)
        #expect(!harness.save("/d/a.txt").contains { if case .worker = $0 { true } else { false } })
        #expect(harness.core.status(pid: 1, databasePath: "db", now: harness.now).state == .paused)
        #expect(!harness.core.wantsWalkItems)
        let resumed = harness.feed(.resume)
        #expect(resumed.contains { if case .worker(.send(_, .index(path: "/d/a.txt"))) = $0 { true } else { false } })
    }

    @Test func overflow_walksEveryFolderAgain_andReconciles() throws {
        var harness = Harness()
        let actions = harness.feed(.overflow)
        let id = try #require(actions.lazy.compactMap { if case let .walk(id, "/d") = $0 { id } else { nil } }.first)
        let signature = FileSignature(size: 100, modificationTimeNanoseconds: 1, inode: 7)
        harness.feed(.walked(id, .file(path: "/d/same.txt", status: Harness.file(), stored: .stored(signature, kind: .text))))
        // Known by its name only, now of a kind Folio reads: read though unchanged.
        harness.feed(.walked(id, .file(path: "/d/was-named.txt", status: Harness.file(), stored: .stored(signature, kind: .file))))
        harness.feed(.walked(id, .file(path: "/d/new.txt", status: Harness.file(), stored: .absent)))
        // A kind Folio does not read is recorded by its name when the walk ends, no worker.
        harness.feed(.walked(id, .file(path: "/d/photo.raw", status: Harness.file(), stored: .absent)))
        let ended = harness.feed(.walkEnded(id))
        #expect(ended.contains(.change(.recordNames([NamedFile(path: "/d/photo.raw", signature: FileSignature(size: 100,
                                                                                  modificationTimeNanoseconds: 1, inode: 7))]))))
        #expect(ended.contains(.change(.purgeUnseen(root: "/d", seen: ["/d/same.txt", "/d/was-named.txt", "/d/new.txt", "/d/photo.raw"],
                                                    keeping: []))))
        #expect(harness.sentTo("/d/new.txt") != nil && harness.sentTo("/d/same.txt") == nil && harness.sentTo("/d/photo.raw") == nil)
        #expect(harness.sentTo("/d/was-named.txt") != nil)
    }

    /// A file Folio does not read is known by its name: recorded by the daemon itself, a
    /// saved one at once, a walk's a batch at a time, never handed to a worker.
    @Test func filesKnownByName_areRecordedWithoutAWorker() throws {
        var harness = Harness()
        let saved = harness.save("/d/song.mp3")
        #expect(saved.contains(.change(.recordNames([NamedFile(path: "/d/song.mp3", signature: FileSignature(size: 100,
                                                                                      modificationTimeNanoseconds: 1, inode: 7))]))))
        #expect(saved.contains(.report(.finished(path: "/d/song.mp3", .indexed(chunks: 1, ocrPages: 0)))))
        #expect(harness.started.isEmpty)
        let id = try #require(harness.feed(.overflow).lazy.compactMap { if case let .walk(id, "/d") = $0 { id } else { nil } }.first)
        var batches: [[NamedFile]] = []
        for index in 0..<(DaemonCore.namesPerTransaction + 5) {
            for action in harness.feed(.walked(id, .file(path: "/d/\(index).bin", status: Harness.file(), stored: .absent))) {
                if case let .change(.recordNames(files)) = action { batches.append(files) }
            }
        }
        for action in harness.feed(.walkEnded(id)) { if case let .change(.recordNames(files)) = action { batches.append(files) } }
        #expect(batches.map(\.count) == [DaemonCore.namesPerTransaction, 5])
        #expect(harness.started.isEmpty)
    }

    /// The index's own files in a watched folder: recording the WAL's name would change the
    /// WAL, and so on without end. The files beside them are indexed as any.
    @Test func theIndexsOwnFiles_areNeverIndexed_evenInAWatchedFolder() {
        var harness = Harness()
        for name in ["folio.sqlite", "folio.sqlite-wal", "folio.sqlite-shm", "folio.sqlite.damage"] {
            harness.feed(.file(FileEvent(.changed(finished: true), path: "/d/data/" + name)))
        }
        #expect(harness.wait(200).isEmpty)
        harness.save("/d/data/notes.7z")
        #expect(harness.changes.contains { if case .recordNames = $0 { true } else { false } })
    }

    @Test func workerPastItsTimeLimit_isKilled_andItsFileRecordedAsFailed() throws {
        var harness = Harness(workers: 1) { $0.daemon.fileTimeoutSeconds = 2 }
        harness.save("/d/slow.txt")
        let worker = try #require(harness.sentTo("/d/slow.txt"))
        // Start-up (5 s) and the file's limit (2 s).
        #expect(harness.wait(6_500).isEmpty)
        let killed = harness.wait(1_000)
        #expect(killed.contains(.worker(.stop(worker, kill: true))))
        #expect(killed.contains { if case .change(.recordFailure("/d/slow.txt", nil, let reason)) = $0 { reason.contains("file_timeout_seconds (2)") } else { false } })
    }

    @Test func workerOfAnotherBuild_isStopped_andSaysSo() throws {
        var harness = Harness(workers: 1)
        harness.save("/d/a.txt")
        let worker = try #require(harness.sentTo("/d/a.txt"))
        let actions = harness.feed(.worker(worker, .hello(version: WireProtocol.version + 1)))
        #expect(actions.contains(.worker(.stop(worker, kill: true))))
        #expect(harness.core.status(pid: 1, databasePath: "db", now: harness.now).lastError?.contains("different builds") == true)
        #expect(harness.core.pool.queued == 1, "the file waits for a worker that speaks the protocol")
    }

    @Test func idleWorkers_areEndedAfterTenSeconds() throws {
        var harness = Harness(workers: 1)
        harness.save("/d/a.txt")
        let worker = try #require(harness.sentTo("/d/a.txt"))
        harness.feed(.worker(worker, .finished(.indexed(chunks: 1, ocrPages: 0))))
        #expect(harness.wait(9_000).isEmpty)
        #expect(harness.wait(2_000) == [.worker(.stop(worker, kill: false))])
    }

    @Test func idleWorkers_endWhenTheEmbedderStarts() throws {
        var harness = Harness(workers: 2)
        harness.save("/d/a.txt")
        harness.save("/d/b.txt")
        let first = try #require(harness.sentTo("/d/a.txt"))
        let second = try #require(harness.sentTo("/d/b.txt"))
        #expect(first != second)
        harness.feed(.worker(first, .finished(.indexed(chunks: 1, ocrPages: 0))))
        #expect(harness.feed(.embedding) == [.worker(.stop(first, kill: false))], "the worker still reading keeps going")
        #expect(harness.core.pool.reading == ["/d/b.txt"])
    }
}
