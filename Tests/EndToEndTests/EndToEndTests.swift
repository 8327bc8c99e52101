import Testing
import Foundation
import FolioProtocol

/// The built binaries, run as a user runs them, on a private home folder.
@Suite struct EndToEndTests {
    let folio: Binaries

    init() throws {
        folio = try Binaries()
        try folio.write("Documents/taxes/return.md", "---\ntitle: Tax Return\n---\n# Income\n\nThe tax return for 2023 was filed.\n\n## Deductions\n\nHome office costs.\n")
        try folio.write("Documents/menu.html", "<html><head><title>Menu</title></head><body><h1>Drinks</h1><p>Espresso and tea</p></body></html>")
        try folio.write("Documents/notes.txt", "Garden notes\n\nPlant tomatoes in 2023, not before May.\n")
        try folio.write("Documents/program.txt", Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 1, 2]))
        try folio.write("Documents/backup.tar", Data([0x75, 0x73, 0x74, 0x61, 0x72]))
    }

    private func index() throws -> Binaries.Result {
        try folio.run("folioctl", ["index", folio.home + "/Documents"])
    }

    @Test func aFileAWalkHasListed_isFoundByName_andStatusSaysSo() throws {
        _ = try index()
        try folio.write("Documents/late/Annual Report 2024.pdf", Data("not read yet".utf8))
        // The list a walk in progress writes (`PendingNames`), as this process's.
        let lists = folio.databasePath + "-names"
        try FileManager.default.createDirectory(atPath: lists, withIntermediateDirectories: true)
        try Data("pdf\u{0}\(folio.home)/Documents/late/Annual Report 2024.pdf\u{0}".utf8)
            .write(to: URL(fileURLWithPath: lists + "/\(getpid())-1.names"))
        let found = try folio.run("folioq", ["--mode", "lexical", "annual report"])
        #expect(found.output == "Annual Report 2024.pdf\n  ~/Documents/late/Annual Report 2024.pdf · by name\n")
        let listed = try folio.run("folioq", ["--name", "annual*", "--json"])
        #expect(listed.output.contains("\"listed\":true"))
        #expect(try folio.statusReport()?["listed"] as? Int == 1)
        #expect(try folio.run("folioctl", ["status"]).output.contains("walking: 1 files listed by name"))
        try FileManager.default.removeItem(atPath: lists + "/\(getpid())-1.names")
        #expect(try folio.run("folioq", ["--mode", "lexical", "annual report"]).status == 1, "the walk ended without it: not found")
        #expect(try folio.statusReport()?["listed"] == nil)
    }

    @Test func indexThenSearch_findsTheDocumentWithPageAndSection() throws {
        let indexed = try index()
        #expect(indexed.status == 1, "a file failed, so the status says so")
        #expect(indexed.output.hasPrefix("indexed 4 "), "backup.tar by its name")
        #expect(indexed.output.contains("failed: \(folio.home)/Documents/program.txt: "))
        #expect(indexed.output.contains("ELF executable"))
        #expect(indexed.output.contains("not supported 0"))
        let byName = try folio.run("folioq", ["--mode", "lexical", "backup"])
        #expect(byName.output == "backup.tar\n  ~/Documents/backup.tar · by name\n")
        #expect(try folio.run("folioq", ["--name", "*.TAR", "--format", "paths"]).output == folio.home + "/Documents/backup.tar\n")
        #expect(try folio.run("folioq", ["--name", "*.pdf"]).status == 1)
        #expect(try folio.run("folioq", ["--name", "a/b", "tax"]).status == 2)

        let found = try folio.run("folioq", ["tax", "2023"])
        #expect(found.status == 0)
        #expect(found.error == "")
        let lines = found.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Tax Return")
        #expect(lines.dropFirst().first == "  ~/Documents/taxes/return.md § Income")
        #expect(found.output.contains("tax return for 2023"))
        #expect(!found.output.contains("\u{1B}["), "no colour when piped")

        let paths = try folio.run("folioq", ["--format", "paths", "2023"])
        #expect(paths.output.split(separator: "\n").sorted() == ["\(folio.home)/Documents/notes.txt", "\(folio.home)/Documents/taxes/return.md"])
    }

    @Test func json_hasTheDocumentedFields() throws {
        _ = try index()
        let result = try folio.run("folioq", ["--json", "home office"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["query"] as? String == "home office")
        #expect(document["mode"] as? String == "lexical")
        let first = try #require((document["results"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["rank", "path", "title", "type", "chunk", "page", "chunk_pages", "page_label", "ocr", "ocr_confidence", "section", "snippet",
                                  "highlights", "score", "matches_all_terms", "navigation", "found_by", "ranking", "fields", "offline", "thread"])
        #expect(first["offline"] is NSNull)
        #expect(first["thread"] is NSNull, "not a message")
        #expect(first["ranking"] is NSNull)
        #expect(first["found_by"] as? String == "words")
        #expect(document["unmatched_words"] as? [String] == [] && document["words_matched"] as? Bool == true)
        #expect(first["path"] as? String == folio.home + "/Documents/taxes/return.md")
        #expect(first["section"] as? String == "Deductions")
        #expect(first["type"] as? String == "md")
        #expect(first["page"] as? Int == 1)
        #expect(first["matches_all_terms"] as? Bool == true)
        #expect(first["navigation"] as? Bool == false)
        #expect((first["highlights"] as? [[Int]])?.count == 2)
    }

    @Test func nothingFound_exitsOne_andErrorsExitTwo() throws {
        // Nothing indexed yet is not an error; an index named that is not there is one.
        let missing = try folio.run("folioq", ["anything"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("nothing is indexed yet") && missing.error.contains("folioctl index"))
        let named = try folio.run("folioq", ["--db", folio.home + "/nowhere.sqlite", "anything"])
        #expect(named.status == 2 && named.error.contains("folioctl index"))
        #expect(!FileManager.default.fileExists(atPath: folio.databasePath), "folioq never creates a database")

        _ = try index()
        let none = try folio.run("folioq", ["zyzzyva"])
        #expect(none.status == 1)
        #expect(none.output == "")
        let usage = try folio.run("folioq", ["--limit", "0", "tax"])
        #expect(usage.status == 2)
    }

    @Test func typedText_neverBreaksTheQuery() throws {
        _ = try index()
        for text in ["lift-drag", "(a)", "\"", ":", "AND", "*", "\"unclosed", "😀", "tax 😀", "\"col:tax\"", "Note: tax", "10:30",
                     "https://example.org/tax", "-", "NOT", "a OR",
                     String(repeating: "tax (2023) \"return\" ", count: 200)] {
            let result = try folio.run("folioq", [text])
            #expect(result.status == 0 || result.status == 1, "\(text): \(result.error)")
            #expect(result.error == "", "\(text)")
        }
    }

    @Test func filters_narrowTheResults() throws {
        _ = try index()
        #expect(try folio.run("folioq", ["--type", "html", "--format", "paths", "espresso OR tax"]).output == folio.home + "/Documents/menu.html\n")
        #expect(try folio.run("folioq", ["--path", "~/Documents/taxes", "--format", "paths", "2023"]).output
            == folio.home + "/Documents/taxes/return.md\n")
        // Fields in the text and the options of the same names.
        #expect(try folio.run("folioq", ["--format", "paths", "espresso OR tax ext:html"]).output == folio.home + "/Documents/menu.html\n")
        #expect(try folio.run("folioq", ["--format", "paths", "--ext", "html", "espresso OR tax"]).output == folio.home + "/Documents/menu.html\n")
        #expect(try folio.run("folioq", ["--format", "paths", "tax", "since:1d"]).status == 0, "written by this test")
        #expect(try folio.run("folioq", ["tax", "before:2000"]).status == 1)
        #expect(try folio.run("folioq", ["--format", "paths", "name:*.tar", "--path", "~/Documents"]).output == folio.home + "/Documents/backup.tar\n",
                "no words: what the filters allow")
        for (arguments, said) in [(["tax", "col:tax"], "unknown field 'col:'"), (["tax after:2023-13"], "after '2023-13' is not understood"),
                                  (["--size", "10M", "tax"], "give a size as >10M"), (["tax -from:anna"], "cannot leave documents out")] {
            let refused = try folio.run("folioq", arguments)
            #expect(refused.status == 2 && refused.output.isEmpty, "\(arguments)")
            #expect(refused.error.contains(said), "\(arguments): \(refused.error)")
        }
    }

    @Test func brokenPipe_isQuiet() throws {
        for index in 0..<300 {
            try folio.write("Documents/many/\(index).txt", "pipe test document \(index) " + String(repeating: "filler words ", count: 40))
        }
        _ = try index()
        // Far more output than a pipe holds, read one byte of.
        let result = try folio.run("folioq", [], shell: "\"$PROGRAM\" --all-chunks --limit 1000 --json pipe | head -c 1 >/dev/null; echo \"${PIPESTATUS[0]}\"")
        #expect(result.output == "0\n")
        #expect(result.error == "")
    }

    @Test func sourcesAndForget() throws {
        _ = try index()
        let sources = try folio.run("folioctl", ["sources"])
        #expect(sources.status == 0)
        #expect(sources.output.contains("indexed\tmd\t1\t"))
        #expect(sources.output.contains("failed\ttxt\t0\t1\t\(folio.home)/Documents/program.txt"), "its name is its one chunk")
        let failed = try folio.run("folioctl", ["sources", "--failed"])
        #expect(failed.output.split(separator: "\n").count == 2, "the failed file and its reason")

        let forgot = try folio.run("folioctl", ["forget", "--vacuum", "Documents/taxes"])
        #expect(forgot.output == "forgot 1 document\n")
        #expect(try folio.run("folioq", ["2023", "--format", "paths"]).output == folio.home + "/Documents/notes.txt\n")
    }

    @Test func secondIndex_readsNothing_andDeletedFilesGo() throws {
        _ = try index()
        let again = try index()
        #expect(again.output.hasPrefix("indexed 0 (0 chunks), unchanged 5"))
        try FileManager.default.removeItem(atPath: folio.home + "/Documents/notes.txt")
        let third = try index()
        #expect(third.output.contains("removed 1 gone"))
        #expect(try folio.run("folioq", ["tomatoes"]).status == 1)
    }

    @Test func invalidConfiguration_isRefusedWithFileAndKey() throws {
        try folio.write("config/folio/config.toml", "folder = [\"~/x\"]\n")
        let result = try folio.run("folioctl", ["index", "Documents"])
        #expect(result.status == 2)
        #expect(result.error.contains("config/folio/config.toml: unknown key 'folder'"))
    }

    /// `folioq` answers while `folioctl index` writes: every run exits 0 or 1, none with a
    /// database error.
    @Test func searching_whileIndexing_neverFails() async throws {
        for index in 0..<400 {
            try folio.write("Documents/bulk/\(index).txt", "bulk document number \(index) with shared words\n")
        }
        let folio = self.folio
        let indexer = Task.detached { try folio.run("folioctl", ["index", folio.home + "/Documents"]) }
        var runs = 0
        while runs < 25 {
            let result = try folio.run("folioq", ["shared", "words"])
            #expect(result.status != 2 || result.error.contains("no index"), "\(result.error)")
            runs += 1
        }
        _ = try await indexer.value
        #expect(try folio.run("folioq", ["--limit", "1000", "--format", "paths", "shared"]).output.split(separator: "\n").count == 400)
    }
}

/// PDFs and OCR through the built binaries.
@Suite struct PDFEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FolioLoadersTests/Fixtures/pdf").path

    @Test func renamedScannedFile_isNotRecognisedAgain() throws {
        let folio = try Binaries()
        try folio.write("Documents/scans/invoice.pdf", try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/scanned.pdf")))
        let first = try folio.run("folioctl", ["index", "Documents"])
        #expect(first.status == 0, "\(first.output)\(first.error)")
        #expect(first.output.contains("1 page read by OCR"))

        let unchanged = try folio.run("folioctl", ["index", "Documents"])
        #expect(!unchanged.output.contains("read by OCR"))

        try FileManager.default.moveItem(atPath: folio.home + "/Documents/scans/invoice.pdf", toPath: folio.home + "/Documents/northwind.pdf")
        let renamed = try folio.run("folioctl", ["index", "Documents"])
        #expect(renamed.output.hasPrefix("indexed 1 "), "\(renamed.output)")
        #expect(!renamed.output.contains("read by OCR"), "the cache answers for the moved file")

        let found = try folio.run("folioq", ["--json", "Northwind", "invoice"])
        #expect(found.output.contains("\"path\":\"\(folio.home)/Documents/northwind.pdf\""))
        #expect(found.output.contains("\"ocr\":true"))
        #expect(found.output.contains("\"page\":1"))

        let human = try folio.run("folioq", ["thirty", "days"])
        #expect(human.output.contains("~/Documents/northwind.pdf, page 1, OCR "))
    }

    /// Tesseract and the seventy libraries it brings are mapped by a worker only once a
    /// page needs OCR, and poppler only if it is the backend: a worker reading digital PDFs
    /// with MuPDF stays without them. The test speaks the daemon's side of the worker's
    /// protocol, OCR turns included, and stops the worker as the daemon does at SIGTERM.
    @Test func worker_loadsTesseractAndPoppler_onlyWhenNeeded() throws {
        let folio = try Binaries()
        try folio.write("Documents/digital.pdf", try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/digital.pdf")))
        try folio.write("Documents/scanned.pdf", try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/scanned.pdf")))
        let worker = Process()
        worker.executableURL = URL(fileURLWithPath: Binaries.directory + "/foliod-worker")
        worker.arguments = ["--db", folio.databasePath]
        worker.environment = folio.environment
        let input = Pipe()
        let output = Pipe()
        worker.standardInput = input
        worker.standardOutput = output
        worker.standardError = FileHandle.nullDevice
        try worker.run()
        defer {
            try? input.fileHandleForWriting.close()
            worker.waitUntilExit()
        }
        var turns = 0
        func message() throws -> WorkerMessage {
            var line = Data()
            while line.last != 0x0A, let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
                line += byte
            }
            return try WireProtocol.decode(WorkerMessage.self, from: line.dropLast())
        }
        func send(_ request: WorkerRequest) throws {
            try input.fileHandleForWriting.write(contentsOf: Data(WireProtocol.encode(request)))
        }
        #expect(try message() == .hello(version: WireProtocol.version))
        /// The worker's answer for one file, after the turns it asked for and gave back.
        func index(_ name: String) throws -> WorkerMessage {
            try send(.index(path: folio.home + "/Documents/" + name))
            while true {
                let said = try message()
                guard said == .wantsTurn else { return said }
                turns += 1
                try send(.turn(granted: true))
                #expect(try message() == .turnDone)
            }
        }
        /// The worker's mapped files (read to the end: /proc files have no size to go by).
        func mappedFiles() throws -> String {
            let maps = try #require(FileHandle(forReadingAtPath: "/proc/\(worker.processIdentifier)/maps"))
            defer { try? maps.close() }
            return String(decoding: try maps.readToEnd() ?? Data(), as: UTF8.self)
        }

        let digital = try index("digital.pdf")
        #expect({ if case .finished(.indexed(_, ocrPages: 0)) = digital { true } else { false } }(), "\(digital)")
        #expect(turns == 0)
        let before = try mappedFiles()
        #expect(before.contains("libsqlite3"), "the worker's maps were read")
        #expect(!before.contains("libtesseract"))
        #expect(!before.contains("libpoppler"))
        let scanned = try index("scanned.pdf")
        #expect({ if case .finished(.indexed(_, ocrPages: 1)) = scanned { true } else { false } }(), "\(scanned)")
        #expect(turns == 1)
        let after = try mappedFiles()
        #expect(after.contains("libtesseract"))
        #expect(!after.contains("libpoppler"))

        // Stopping (the daemon closes the worker's input) while the worker waits for a
        // turn: the document in hand is finished all the same.
        try folio.write("Documents/stopped.pdf", try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/scanned.pdf")) + Data("% stopped\n".utf8))
        try send(.index(path: folio.home + "/Documents/stopped.pdf"))
        #expect(try message() == .wantsTurn)
        try input.fileHandleForWriting.close()
        #expect(try message() == .turnDone)
        let stopped = try message()
        #expect({ if case .finished(.indexed(_, ocrPages: 1)) = stopped { true } else { false } }(), "\(stopped)")
    }

    /// Only the workers link the readers: `folioq`, `folioctl` (whose `index` and
    /// `extract` start workers), `foliod` and `folio` (all of them in one, as installed)
    /// link none of poppler, tesseract, MuPDF (static, so seen by the
    /// libraries it brings: openjp2, jbig2dec, gumbo), libxml2 or cmark-gfm. Nor GLib: the
    /// launcher provider loads GIO when it starts (`CGio`), and linked, GIO and GLib were
    /// loaded at the start of every search (docs/benchmarks.md).
    @Test(arguments: ["folioq", "folioctl", "foliod", "folio"])
    func clientPrograms_linkNoParserLibraryNorGLib(program: String) throws {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [Binaries.directory + "/" + program]
        let output = Pipe()
        ldd.standardOutput = output
        try ldd.run()
        let libraries = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        #expect(libraries.contains("libsqlite3"), "ldd listed the libraries: \(libraries)")
        for library in ["poppler", "tesseract", "lept", "openjp2", "jbig2dec", "gumbo", "mupdf", "xml2", "cmark", "glib", "gio", "gobject"] {
            #expect(!libraries.contains("lib" + library), "\(program) links lib\(library)")
        }
    }

    /// `folio` (what `make install` installs) runs as the name it was started under: each
    /// program through a link named for it, and a clear refusal under any other name.
    @Test func multiCallBinary_runsAsTheNameItWasStartedUnder() throws {
        let folio = try Binaries()
        let links = folio.home + "/bin"
        try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
        for name in ["folioq", "folioctl", "foliod", "folio-rofi", "folio-search-provider", "something"] {
            try FileManager.default.createSymbolicLink(atPath: links + "/" + name, withDestinationPath: Binaries.directory + "/folio")
        }
        try folio.write("Documents/a.txt", "wallaby hops")
        #expect(try folio.runTool(links + "/folioctl", ["index", folio.home + "/Documents"]).status == 0)
        #expect(try folio.runTool(links + "/folioq", ["--format", "paths", "wallaby"]).output == folio.home + "/Documents/a.txt\n")
        for (name, usage) in [("foliod", "USAGE: foliod"), ("folio-rofi", "USAGE: folio-rofi"), ("folio-search-provider", "USAGE: folio-search-provider")] {
            #expect(try folio.runTool(links + "/" + name, ["--help"]).output.contains(usage), "\(name)")
        }
        let other = try folio.runTool(links + "/something", [])
        #expect(other.status == 2 && other.error.contains("run as foliod, folioq, folioctl"), "\(other)")
    }

    /// `folioctl extract` reads through the workers: each file's pages in the order given,
    /// and a file that gives nothing says why, without stopping the others.
    @Test func extract_showsEachFilesPages_inOrder_andGoesOnPastAFailure() throws {
        let folio = try Binaries()
        try folio.write("Documents/digital.pdf", try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/digital.pdf")))
        try folio.write("Documents/locked.pdf", try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/encrypted.pdf")))
        try folio.write("Documents/notes.md", "# Heading\n\nmarkdown body words\n")
        let documents = folio.home + "/Documents/"
        let result = try folio.run("folioctl", ["extract", "--no-ocr", documents + "notes.md", documents + "locked.pdf", documents + "digital.pdf",
                                                documents + "notes.md"])
        #expect(result.status == 1, "a file gave nothing")
        #expect(result.error.contains("locked.pdf is encrypted"), "\(result.error)")
        let headers = result.output.split(separator: "\n").filter { $0.hasPrefix("== ") }.map { $0.split(separator: ":")[0] }
        #expect(headers == ["== \(documents)notes.md", "== \(documents)digital.pdf", "== \(documents)notes.md"], "\(headers)")
        #expect(result.output.contains("[Heading] markdown body words"))
        #expect(result.output.contains("--- page 1"))
    }

    @Test func encryptedPDF_isListedWithItsReason() throws {
        let folio = try Binaries()
        try folio.write("Documents/locked.pdf", try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/encrypted.pdf")))
        let result = try folio.run("folioctl", ["index", "Documents"])
        #expect(result.status == 1)
        #expect(result.output.contains("failed: \(folio.home)/Documents/locked.pdf: \(folio.home)/Documents/locked.pdf is encrypted, not indexed"))
        #expect(try folio.run("folioctl", ["sources", "--failed"]).output.contains("is encrypted, not indexed"))
    }
}
