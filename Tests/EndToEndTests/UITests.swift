import Foundation
import FolioTestSupport
import Testing

/// `folio ui` end to end: the built `folio ui` serving a real index, its page driven in
/// headless Chromium (Fixtures/ui-browser.py: Debian's chromium, chromium-driver and
/// python3-selenium, installed by `make test`), answers from the stand-in model server;
/// and requests that do not come from the page refused.
@Suite(.serialized) struct UITests {
    let folio: Binaries
    let chat: AskTests.ChatServer

    init() throws {
        folio = try Binaries()
        chat = try AskTests.ChatServer(log: folio.home + "/chat-requests.log")
        let pages = (1...4).map { ["Chapter \($0)", "The lighthouse keeper wrote on page \($0) of the log: marker\(["one", "two", "three", "four"][$0 - 1])."] }
        try folio.write("Documents/logbook.pdf", LongPDF.data(pages: pages, romanFrontPages: 1))
        try folio.write("Documents/notes/garden.md", "# Garden\n\nPlant tomatoes in May. The lighthouse keeper grows basil.\n")
        #expect(try folio.run("folioctl", ["index", "--no-semantic", folio.home + "/Documents"]).status == 0)
        // A stand-in for the desktop's viewer: it writes what it was asked to open.
        try folio.writeProgram("bin/record", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \(folio.home)/opened\n")
        try folio.write("config/folio/config.toml", "[open]\ncommand = [\"\(folio.home)/bin/record\", \"{path}\", \"{page}\"]\n"
            + "[ask]\nprovider = \"ollama\"\nurl = \"http://127.0.0.1:\(chat.port)\"\nmodel = \"quote\"\n")
    }

    /// What the stand-in viewer was asked to open, once it has been.
    func opened() throws -> String {
        try waitUntil("the viewer is started") { FileManager.default.fileExists(atPath: folio.home + "/opened") }
        return try String(contentsOfFile: folio.home + "/opened", encoding: .utf8)
    }

    struct Session {
        var url: String
        var port: Int
        var token: String
        var pid: Int32
    }

    /// `folio ui --no-open` (through `folio`, as the desktop entry and users run it): the
    /// address it prints, and the server it started.
    func start(_ extra: [String] = []) throws -> Session {
        let started = try folio.run("folio", ["ui", "--no-open"] + extra)
        #expect(started.status == 0, "\(started.error)")
        let url = started.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folio.home + "/run/folio/ui.json"))) as? [String: Any])
        let session = Session(url: url, port: try #require(file["port"] as? Int), token: try #require(file["token"] as? String),
                              pid: Int32(try #require(file["pid"] as? Int)))
        #expect(url == "http://127.0.0.1:\(session.port)/?token=\(session.token)")
        return session
    }

    func stop(_ session: Session) {
        kill(session.pid, SIGTERM)
    }

    static var browserScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/ui-browser.py").path
    }

    /// Search as you type, the page's preview with the words marked on it, the keyboard,
    /// an answer whose citation opens its passage, the library, the dark theme.
    @Test func thePageInARealBrowser() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"), "chromium-driver is not installed: run make test")
        let session = try start()
        defer { stop(session) }
        let run = try folio.runTool("/usr/bin/python3", [Self.browserScript, session.url, "lighthouse keeper", "lighthouse keeper wrote"])
        #expect(run.status == 0, "\(run.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output) \(run.error)")
        #expect(report["title"] as? String == "Folio")
        #expect(report["address"] as? String == "http://127.0.0.1:\(session.port)/", "the token leaves the address once it is a cookie")
        #expect(report["slash_focuses_search"] as? Bool == true)
        let results = try #require(report["results"] as? [String])
        #expect(results.count == 2 && results.contains { $0.contains("logbook.pdf") } && results.contains { $0.contains("garden.md") }, "\(results)")
        #expect((report["marks"] as? [String])?.contains { $0.lowercased() == "lighthouse" } == true)
        #expect(!(report["timings"] as? [Double] ?? []).isEmpty)

        let preview = try #require(report["preview"] as? [String: Any])
        if let frame = preview["frame"] as? [String: Double] {
            // The logbook's first page is "i", the second "1": the preview names the page
            // as the result does, and its place in the file beside it.
            let page = try #require(preview["page"] as? Int), label = try #require(preview["page_label"] as? String)
            #expect(label != String(page), "\(preview)")
            let ordinal = page == 1 ? "1st" : page == 2 ? "2nd" : page == 3 ? "3rd" : "\(page)th"
            #expect((preview["where"] as? String)?.hasSuffix("page \(label) (\(ordinal) of 4)") == true, "\(preview)")
            #expect((preview["image"] as? String)?.contains("/api/page.png?path=") == true)
            #expect(preview["natural_width"] as? Int ?? 0 > 100)
            let boxes = try #require(preview["boxes"] as? [[String: Double]])
            #expect(boxes.count >= 2, "lighthouse and keeper marked on the page: \(boxes)")
            for box in boxes {
                #expect(box["width"]! > 0 && box["height"]! > 0)
                #expect(box["x"]! >= frame["x"]! && box["x"]! + box["width"]! <= frame["x"]! + frame["width"]! + 1)
                #expect(box["y"]! >= frame["y"]! && box["y"]! + box["height"]! <= frame["y"]! + frame["height"]! + 1)
            }
        } else {
            #expect((preview["text"] as? String)?.contains("lighthouse keeper") == true, "\(preview)")
        }
        #expect(report["selected_after_arrow"] as? [String] == ["false", "true"], "the arrow moves the selection")
        let second = try #require(report["second_path"] as? String)
        #expect(try opened().hasPrefix(second + "\n"), "Enter opens the result selected")

        #expect((report["ask_status"] as? String)?.hasPrefix("Answered by Ollama") == true, "\(report["ask_status"] ?? "")")
        #expect((report["answer"] as? String)?.contains("lighthouse keeper") == true)
        let chips = try #require(report["chips"] as? [[String]])
        #expect(!chips.isEmpty && chips.allSatisfy { $0[0].hasPrefix("[") && $0[1] == "chip" }, "\(chips)")
        #expect((report["sources"] as? String)?.contains("Sources") == true)
        #expect(!(report["citation_marks"] as? [String] ?? []).isEmpty, "the cited words marked in the passage")
        #expect((report["citation"] as? String)?.contains("lighthouse keeper") == true)

        // The conversation: the follow-up searched with the question before, kept, listed,
        // opened again, deleted.
        let followUp = try #require(report["follow_up"] as? [String: Any], "\(report)")
        #expect(followUp["follow_up"] as? String == "with-previous")
        #expect(followUp["searched_for"] as? String == "lighthouse keeper wrote and the keeper?")
        #expect((report["transcript"] as? [String])?.count == 1 && (report["transcript"] as? [String])?.first?.hasPrefix("lighthouse keeper wrote") == true,
                "\(report["transcript"] ?? "")")
        #expect((report["conversations"] as? [String])?.first?.contains("lighthouse keeper wrote (2)") == true, "\(report["conversations"] ?? "")")
        #expect(report["transcript_after_new"] as? Int == 0)
        #expect((report["reopened"] as? [String])?.last?.hasPrefix("and the keeper?") == true, "\(report["reopened"] ?? "")")
        #expect(report["conversations_after_delete"] as? Int == 0)

        let library = try #require(report["library"] as? String)
        #expect(library.contains("Documents 2") && library.contains("not running"), "\(library)")
        #expect(report["dark_background"] as? String != report["light_background"] as? String)
        #expect(report["narrow_overflow"] as? Int == 0, "readable at 200% zoom: nothing wider than the window")
        #expect(report["console_errors"] as? [String] == [])
    }

    /// Nothing answers but the page the server handed its token to: no token, another
    /// `Host` (DNS rebinding), another origin for what changes something, a file outside
    /// the index; and it listens on loopback only, its secret readable by the user only.
    @Test func requestsFromElsewhereAreRefused() throws {
        let session = try start()
        defer { stop(session) }
        let base = "http://127.0.0.1:\(session.port)"
        func status(_ arguments: [String]) throws -> String {
            try folio.runTool("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}"] + arguments).output
        }
        let bearer = ["-H", "Authorization: Bearer \(session.token)"]
        let cookie = ["-H", "Cookie: folio_token=\(session.token)"]
        #expect(try status([base + "/api/search?q=lighthouse"]) == "401")
        #expect(try status([base + "/?token=0000"]) == "401")
        #expect(try status(bearer + [base + "/api/search?q=lighthouse"]) == "200")
        #expect(try status(cookie + [base + "/api/search?q=lighthouse"]) == "200")
        #expect(try status(bearer + ["-H", "Host: folio.example.com:\(session.port)", base + "/api/search?q=lighthouse"]) == "403")
        let ask = ["-H", "Content-Type: application/json", "-d", #"{"question":"lighthouse keeper"}"#, base + "/api/ask"]
        #expect(try status(cookie + ["-H", "Origin: http://folio.example.com"] + ask) == "403")
        #expect(try status(cookie + ask) == "403", "a state-changing request with the cookie and no Origin")
        #expect(try status(cookie + ["-H", "Origin: \(base)"] + ask) == "200")
        #expect(try status(bearer + [base + "/api/preview?path=/etc/passwd"]) == "404")
        #expect(try status(bearer + [base + "/api/page.png?path=" + folio.home + "/Documents/logbook.pdf&page=2"]) == "200")

        // Listening: 127.0.0.1 only, on IPv4 and IPv6.
        let port = String(format: "%04X", session.port)
        let listening = try ["/proc/net/tcp", "/proc/net/tcp6"].flatMap { table in
            try String(contentsOfFile: table, encoding: .utf8).split(separator: "\n").dropFirst().compactMap { line -> String? in
                let fields = line.split(separator: " ")
                guard fields.count > 3, fields[3] == "0A", fields[1].hasSuffix(":" + port) else { return nil }
                return String(fields[1])
            }
        }
        #expect(listening == ["0100007F:" + port], "\(listening)")
        let mode = try FileManager.default.attributesOfItem(atPath: folio.home + "/run/folio/ui.json")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try start().pid == session.pid, "a second folio ui finds the server running")
    }

    /// Opening a result as the launchers do, and forgetting a file, through the API the
    /// page uses.
    @Test func opensAndForgets() throws {
        let session = try start()
        defer { stop(session) }
        let base = "http://127.0.0.1:\(session.port)"
        func post(_ path: String, _ body: String) throws -> [String: Any] {
            let result = try folio.runTool("/usr/bin/curl", ["-s", "-H", "Authorization: Bearer \(session.token)", "-H", "Content-Type: application/json",
                                                         "-d", body, base + path])
            return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
        }
        let logbook = folio.home + "/Documents/logbook.pdf"
        let open = try post("/api/open", #"{"path": "\#(logbook)", "page": 3}"#)
        #expect(open["message"] as? String == "opened " + logbook)
        #expect(try opened() == logbook + "\n3\n")
        #expect(try post("/api/open", #"{"path": "/etc/passwd"}"#)["error"] as? String
            == "/etc/passwd is not in the index: Folio shows and opens only indexed documents")

        let garden = folio.home + "/Documents/notes"
        #expect(try post("/api/forget", #"{"path": "\#(garden)"}"#)["message"] as? String == "forgot 1 document")
        let search = try folio.runTool("/usr/bin/curl", ["-s", "-H", "Authorization: Bearer \(session.token)", base + "/api/search?q=tomatoes"])
        let found = try #require(try JSONSerialization.jsonObject(with: Data(search.output.utf8)) as? [String: Any])
        #expect((found["results"] as? [Any])?.isEmpty == true && found["note"] as? String == "nothing found", "\(found)")
    }

    /// A query string as forms and `URLSearchParams` write it: `+` is a space (the two
    /// words, apart in the file, are no phrase: as one word `tomatoes+basil` is one), `%2B`
    /// a plus.
    @Test func plusInTheQueryString_isASpace() throws {
        let session = try start()
        defer { stop(session) }
        func found(_ query: String) throws -> [String] {
            let search = try folio.runTool("/usr/bin/curl", ["-s", "-H", "Authorization: Bearer \(session.token)",
                                                         "http://127.0.0.1:\(session.port)/api/search?" + query])
            let results = try #require(try JSONSerialization.jsonObject(with: Data(search.output.utf8)) as? [String: Any], "\(search.output)")
            return (results["results"] as? [[String: Any]] ?? []).compactMap { ($0["path"] as? String)?.split(separator: "/").last.map(String.init) }
        }
        #expect(try found("q=tomatoes+basil&mode=lexical") == ["garden.md"])
        #expect(try found("q=%22tomatoes+in+may%22&mode=lexical") == ["garden.md"])
        #expect(try found("q=%22tomatoes%2Bin%2Bmay%22&mode=lexical") == ["garden.md"], "a plus written %2B is a plus, between words a phrase's gap")
    }

    /// The server ends by itself once nothing has asked it anything for its idle time, and
    /// takes its session file with it; the next `folio ui` starts another.
    @Test func endsWhenIdle() throws {
        let session = try start(["--idle-seconds", "3"])
        func answers() throws -> Bool {
            try folio.runTool("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(session.port)/api/session"]).output != "000"
        }
        #expect(try answers())
        try waitUntil("the idle server ends") { !FileManager.default.fileExists(atPath: folio.home + "/run/folio/ui.json") }
        try waitUntil("its port is closed") { try !answers() }
        let again = try start()
        defer { stop(again) }
        #expect(again.pid != session.pid && again.token != session.token)
    }
}
