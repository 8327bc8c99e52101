import Testing
import Foundation
import FolioDaemon
import FolioStore
import FolioCore
import FolioSystem
import FolioText
import FolioTestSupport
import FolioProtocol

/// `folioctl index`'s pass: the engine with real `foliod-worker` processes, on real files
/// in a temporary folder and a real database.
@Suite struct IndexPassTests {
    let root: String
    let store: IndexStore

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-index-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        store = try IndexStore(path: root + "/db/folio.sqlite")
    }

    private func write(_ name: String, _ text: String) throws {
        let path = root + "/docs/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Runs a pass with a configuration file of `toml` (the workers read it, as they read
    /// `folioctl`'s).
    private func run(_ toml: String = "", roots: [String]? = nil) throws -> IndexSummary {
        let file = root + "/config.toml"
        try Data(toml.utf8).write(to: URL(fileURLWithPath: file))
        var configuration = try FolioConfiguration(toml: toml, file: file)
        configuration.daemon.workers = 2
        let arguments = [BuiltProducts.directory + "/foliod-worker", "--db", store.path, "--config", file]
        return try IndexPass(store: store, configuration: configuration, home: "/", workerArguments: arguments).run(roots ?? [root + "/docs"])
    }

    private func found(_ text: String) throws -> [String] {
        try IndexReader(path: store.path).search(SearchRequest(query: SearchQuery(parsing: text), limit: 100))
            .map { String($0.path.dropFirst(root.count + 6)) }.sorted()
    }

    @Test func theWalk_listsEveryFileByName_untilItHasRecordedThem() throws {
        for name in ["holiday-photos.7z", "backup.tar", "sub/scan.iso", "notes.txt", ".hidden/x.7z"] { try write(name, "x") }
        let file = root + "/config.toml"
        try Data().write(to: URL(fileURLWithPath: file))
        var configuration = try FolioConfiguration(toml: "", file: file)
        configuration.daemon.workers = 1
        let arguments = [BuiltProducts.directory + "/foliod-worker", "--db", store.path, "--config", file]
        var listed: [Int] = []
        _ = try IndexPass(store: store, configuration: configuration, home: "/", workerArguments: arguments).run([root + "/docs"]) { _ in
            listed.append(PendingNames.load(beside: store.path)?.count ?? 0)
        }
        #expect(listed.first == 4, "the names the walk records are reported while its list is there, with the others")
        #expect(PendingNames.load(beside: store.path) == nil, "the list goes with its walk")
        #expect(try found("holiday photos") == ["holiday-photos.7z"])
        listed = []
        try write("late-arrival.img", "x")
        _ = try IndexPass(store: store, configuration: configuration, home: "/", workerArguments: arguments).run([root + "/docs"]) { _ in
            listed.append(PendingNames.load(beside: store.path)?.count ?? 0)
        }
        #expect(listed.count == 5 && listed.allSatisfy { $0 == 0 }, "a folder the index holds is walked for its changes alone")
        #expect(try found("late arrival") == ["late-arrival.img"])
    }

    @Test func firstRun_indexesSupportedFiles_andReportsTheRest() throws {
        try write("a.txt", "alpha text")
        try write("sub/b.md", "# Beta\n\nalpha markdown")
        try write("c.html", "<p>alpha html</p>")
        try write("archive.7z", "not really an archive")
        try write("bad.txt", "\u{0}\u{1}\u{2}binary")
        try write(".hidden/secret.txt", "alpha hidden")
        let summary = try run()
        #expect(summary.indexed == 4, "archive.7z by its name")
        #expect(summary.unsupported == 0)
        #expect(summary.failures.map(\.path) == [root + "/docs/bad.txt"])
        #expect(summary.failures.first?.reason.contains("binary data") == true)
        #expect(try found("alpha") == ["a.txt", "c.html", "sub/b.md"])
        #expect(try store.documents(in: .everything, status: .failed).map(\.path) == [root + "/docs/bad.txt"])
    }

    @Test func secondRun_readsNothingUnchanged() throws {
        try write("a.txt", "alpha")
        try write("bad.txt", "\u{0}")
        _ = try run()
        let summary = try run()
        #expect(summary.indexed == 0)
        #expect(summary.unchanged == 2)
        #expect(summary.failures.isEmpty, "a failed file is not retried until it changes")
    }

    @Test func changedFile_isReindexed_andTouchedFileIsNot() throws {
        try write("a.txt", "alpha")
        try write("b.txt", "beta")
        _ = try run()
        try write("a.txt", "gamma")
        let path = root + "/docs/b.txt"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: path)
        let summary = try run()
        #expect(summary.indexed == 1)
        #expect(summary.touched == 1)
        #expect(try found("gamma") == ["a.txt"])
        #expect(try found("alpha").isEmpty)
        let status = try FileStatus.of(path)
        #expect(try store.storedDocument(at: path)?.signature.modificationTimeNanoseconds == status.modificationTimeNanoseconds)
    }

    @Test func vanishedFiles_arePurged() throws {
        try write("a.txt", "alpha")
        try write("sub/b.txt", "alpha")
        _ = try run()
        try FileManager.default.removeItem(atPath: root + "/docs/sub")
        let summary = try run()
        #expect(summary.purged == 1)
        #expect(try found("alpha") == ["a.txt"])
    }

    /// A name that is not UTF-8 cannot be stored as it is: it is recorded as failed under
    /// its readable form, so `folioctl errors` lists it, and the next run keeps that record.
    @Test func fileNameNotUTF8_isRecordedAsFailed_andKept() throws {
        let name = Array((root + "/docs/latin1-").utf8) + [0xE9] + Array(".txt".utf8)
        let descriptor = (name + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
        #expect(descriptor >= 0)
        close(descriptor)
        try write("fine.txt", "fine words")
        let first = try run()
        #expect(first.failures.count == 1)
        let readable = root + "/docs/latin1-\u{FFFD}.txt"
        let stored = try #require(try store.storedDocument(at: readable))
        #expect(stored.status == .failed && stored.error?.contains("not valid UTF-8") == true, "\(stored)")
        _ = try run()
        #expect(try store.storedDocument(at: readable)?.status == .failed)
        #expect(try found("fine") == ["fine.txt"])
    }

    @Test func missingRoot_isReported() throws {
        let summary = try run(roots: [root + "/nope"])
        #expect(summary.missingRoots == [root + "/nope"])
    }

    @Test func tooLargeFile_failsWithTheLimitInTheReason() throws {
        try write("big.txt", String(repeating: "a", count: 2000))
        let summary = try run("max_file_size = 1000\n")
        #expect(summary.failures.first?.reason.contains("max_file_size") == true)
    }

    @Test func multiPageText_losesItsRunningHeader_andKeepsPages() throws {
        let pages = (1...4).map { "Confidential Report\nbody words \(String(repeating: "z", count: $0))\nPage \($0) of 4" }
        try write("report.txt", pages.joined(separator: "\n\u{0C}"))
        _ = try run()
        let hits = try IndexReader(path: store.path).search(SearchRequest(query: SearchQuery(parsing: "zzz"), limit: 10, allChunks: true))
        #expect(!hits.isEmpty)
        for hit in hits {
            #expect(hit.page == 3)
            #expect(hit.firstPage <= 3 && hit.lastPage >= 3 && hit.lastPage - hit.firstPage <= 1)
            #expect(!hit.snippet.text.contains("Confidential"))
            #expect(!hit.snippet.text.contains("Page"))
        }
    }

    /// A worker that dies on one file (`CrashingWorker`): that file is recorded as failed
    /// with how the worker ended, and the others are indexed.
    @Test func workerCrashingOnAFile_costsThatFile_andTheRunFinishes() throws {
        try write("a.txt", "alpha before")
        try write("crash.txt", "never indexed")
        try write("z.txt", "alpha after")
        var configuration = FolioConfiguration.default
        configuration.daemon.workers = 1
        let arguments = try CrashingWorker.arguments(in: root) + ["--db", store.path]
        let summary = try IndexPass(store: store, configuration: configuration, home: "/", workerArguments: arguments).run([root + "/docs"])
        #expect(summary.indexed == 2, "\(summary)")
        #expect(summary.failures.map(\.path) == [root + "/docs/crash.txt"])
        #expect(summary.failures.first?.reason.contains("killed by signal 9") == true, "\(summary.failures)")
        #expect(try found("alpha") == ["a.txt", "z.txt"])
        let stored = try #require(try store.storedDocument(at: root + "/docs/crash.txt"))
        #expect(stored.status == .failed && stored.error?.contains("tried again when it changes") == true)
    }
}

/// `folioctl extract`'s pass through the same worker pool.
@Suite struct ExtractPassTests {
    /// The stand-in worker (`CrashingWorker`) kills itself when handed `crash.txt`: that
    /// file's reading fails with how its worker ended, and the others are read.
    @Test func workerCrashingOnAFile_costsThatFile_andTheOthersAreRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-extract-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (name, text) in [("a.txt", "alpha words"), ("crash.txt", "never read"), ("z.txt", "zulu words")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name))
        }
        let pass = ExtractPass(workerArguments: try CrashingWorker.arguments(in: root),
                               options: .init(backend: nil, ocr: false), configuration: .default, cores: 2)
        var shown: [(String, String)] = []
        pass.run([root + "/a.txt", root + "/crash.txt", root + "/z.txt"]) { path, result in
            switch result {
            case let .success(document): shown.append((path, document.pages.flatMap(\.lines).map(\.text).joined(separator: " ")))
            case let .failure(failure): shown.append((path, "failed: \(failure)"))
            }
        }
        #expect(shown.map(\.0) == [root + "/a.txt", root + "/crash.txt", root + "/z.txt"])
        #expect(shown.first?.1 == "alpha words" && shown.last?.1 == "zulu words", "\(shown)")
        #expect(shown[1].1.contains("killed by signal 9"), "\(shown[1])")
    }
}

/// A stand-in worker: it passes every request to a real `foliod-worker` and kills itself
/// with SIGKILL, which nothing can ignore, when handed a file named `crash.txt`.
enum CrashingWorker {
    /// The command that starts it, its script written in `folder`; the worker's own
    /// arguments follow.
    static func arguments(in folder: String) throws -> [String] {
        let script = folder + "/crashing-worker.py"
        try Data("""
            import os, signal, subprocess, sys, threading
            worker = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=sys.stdout)
            def requests():
                for line in sys.stdin.buffer:
                    if b'crash.txt' in line:
                        os.kill(os.getpid(), signal.SIGKILL)
                    worker.stdin.write(line)
                    worker.stdin.flush()
                worker.stdin.close()
            threading.Thread(target=requests, daemon=True).start()
            sys.exit(worker.wait())
            """.utf8).write(to: URL(fileURLWithPath: script))
        return ["/usr/bin/python3", script, BuiltProducts.directory + "/foliod-worker"]
    }
}
