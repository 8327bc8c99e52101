import Testing
import Foundation

/// The desktop launchers through the built binaries: `folio-search-provider` started by
/// D-Bus activation on a private bus and called with `gdbus`, exactly as GNOME Shell and
/// KRunner call it, and `folio-rofi` called as rofi and dmenu-like menus call it. Opening
/// a result runs a recording command (`[open] command` in the configuration) that writes
/// its arguments to a file.
@Suite struct LauncherTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let busName = "org.folio.Search"
    static let gnomePath = "/org/folio/Search"
    static let gnome = "org.gnome.Shell.SearchProvider2"
    static let krunnerPath = "/org/folio/Search/KRunner"
    static let krunner = "org.kde.krunner1"

    let folio: Binaries
    let bus: PrivateBus
    var documents: String { folio.home + "/Documents" }
    var recorded: String { folio.home + "/opened" }

    init() throws {
        var folio = try Binaries()
        try folio.write("Documents/tax.txt", "Tax return 2023\n\nThe refund for tax year 2023 arrives in May.\n")
        try folio.write("Documents/garden.md", "# Garden\n\nTomatoes need sun & water.\n")
        try folio.write("Documents/alpaca.pdf", try Data(contentsOf: URL(fileURLWithPath: PDFEndToEndTests.fixtures + "/digital.pdf")))
        // Stand-ins for the programs a desktop has: each writes what it was given.
        try folio.writeProgram("bin/record", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \(folio.home)/opened\n")
        try folio.writeProgram("bin/wl-copy", "#!/bin/sh\ncat > \(folio.home)/clipboard\n")
        try folio.write("config/folio/config.toml", "[open]\ncommand = [\"\(folio.home)/bin/record\", \"{path}\", \"{page}\"]\n")
        folio.environment["PATH"] = folio.home + "/bin:/usr/bin:/bin"
        folio.environment["WAYLAND_DISPLAY"] = "wayland-test"
        let indexed = try folio.run("folioctl", ["index", folio.home + "/Documents"])
        #expect(indexed.status == 0, "\(indexed.output)\(indexed.error)")
        // The D-Bus service file as `make install` writes it, pointing at the built binary.
        let install = try folio.runTool("/usr/bin/make", ["-s", "-C", Self.repository, "install-data", "PREFIX=\(folio.home)/prefix",
                                                          "LIBEXECDIR=\(Binaries.directory)"])
        #expect(install.status == 0, "\(install.output)\(install.error)")
        bus = try PrivateBus(home: folio.home, servicesDirectory: folio.home + "/prefix/share/dbus-1/services", environment: folio.environment)
        folio.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        self.folio = folio
    }

    /// `gdbus call` on the private bus; the output is GVariant text.
    private func call(_ path: String, _ method: String, _ arguments: String..., address: String? = nil) throws -> Binaries.Result {
        try folio.runTool("/usr/bin/gdbus", ["call", "--address", address ?? bus.address, "--timeout", "20", "--dest", Self.busName,
                                             "--object-path", path, "--method", method] + arguments)
    }

    /// What the recording command was given, once it has run (it is started, not waited for).
    private func opened(lines: Int) throws -> [String] {
        for _ in 0..<100 {
            if let text = try? String(contentsOfFile: recorded, encoding: .utf8) {
                let found = text.split(separator: "\n").map(String.init)
                if found.count >= lines { return found }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return (try? String(contentsOfFile: recorded, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    @Test func gnomeShellProvider_answersEveryMethod_afterActivation() throws {
        let pdf = "2:\(documents)/alpaca.pdf"
        let initial = try call(Self.gnomePath, Self.gnome + ".GetInitialResultSet", "['shearing']")
        #expect(initial.status == 0, "\(initial.error)")
        #expect(initial.output == "(['\(pdf)'],)\n")

        let subsearch = try call(Self.gnomePath, Self.gnome + ".GetSubsearchResultSet", "['\(pdf)']", "['shearing', 'wool']")
        #expect(subsearch.output == "(['\(pdf)'],)\n")
        let none = try call(Self.gnomePath, Self.gnome + ".GetInitialResultSet", "['zyzzyva']")
        #expect(none.output == "(@as [],)\n")

        let metas = try call(Self.gnomePath, Self.gnome + ".GetResultMetas", "['\(pdf)', '1:\(documents)/tax.txt']")
        #expect(metas.status == 0, "\(metas.error)")
        #expect(metas.output.contains("'id': <'\(pdf)'>"))
        #expect(metas.output.contains("'name': <'Alpaca Farming Report'>"))
        #expect(metas.output.contains("'gicon': <'application-pdf'>"))
        #expect(metas.output.contains("'description': <'p. ii · "), "the page label and the snippet: \(metas.output)")
        #expect(metas.output.contains("'name': <'Tax return 2023'>"), "a file not in this process's last results still gets its meta")

        let activate = try call(Self.gnomePath, Self.gnome + ".ActivateResult", pdf, "['shearing']", "0")
        #expect(activate.status == 0, "\(activate.error)")
        #expect(try opened(lines: 2) == [documents + "/alpaca.pdf", "2"])

        let launch = try call(Self.gnomePath, Self.gnome + ".LaunchSearch", "['tax', '2023']", "0")
        #expect(launch.status == 0, "\(launch.error)")
        let page = try opened(lines: 4)
        #expect(page.count == 4 && page[2] == folio.home + "/run/folio/results.html")
        let html = try String(contentsOfFile: folio.home + "/run/folio/results.html", encoding: .utf8)
        #expect(html.contains("<a href=\"file://\(documents)/tax.txt\">Tax return 2023</a>"))
        #expect(html.contains("<mark>Tax</mark>"))
    }

    @Test func krunnerRunner_answersEveryMethod() throws {
        let tax = "1:\(documents)/tax.txt"
        let match = try call(Self.krunnerPath, Self.krunner + ".Match", "tax 2023")
        #expect(match.status == 0, "\(match.error)")
        #expect(match.output.hasPrefix("([('\(tax)', 'Tax return 2023', 'text-x-generic', 70, 1.0, {"), "\(match.output)")
        #expect(match.output.contains("'subtext': <'Tax return 2023 The refund for tax year 2023 arrives in May.'>"))
        #expect(match.output.contains("'urls': <['file://\(documents)/tax.txt']>"))
        #expect(match.output.contains("'category': <'Documents'>"))
        let markup = try call(Self.krunnerPath, Self.krunner + ".Match", "tomatoes")
        #expect(markup.output.contains("'Garden'"), "\(markup.output)")
        #expect(try call(Self.krunnerPath, Self.krunner + ".Match", "ta").output == "(@a(sssida{sv}) [],)\n")

        let actions = try call(Self.krunnerPath, Self.krunner + ".Actions")
        #expect(actions.output == "([('open-folder', 'Open containing folder', 'document-open-folder'), ('copy-path', 'Copy path', 'edit-copy')],)\n")
        #expect(try call(Self.krunnerPath, Self.krunner + ".Config").output == "({'MinLetterCount': <3>},)\n")

        #expect(try call(Self.krunnerPath, Self.krunner + ".Run", tax, "").status == 0)
        #expect(try opened(lines: 2) == [documents + "/tax.txt", "1"])
        // No file manager serves FileManager1 on this bus: the folder is opened instead.
        #expect(try call(Self.krunnerPath, Self.krunner + ".Run", tax, "open-folder").status == 0)
        #expect(try opened(lines: 4).suffix(2) == [documents, "1"])
        let copy = try call(Self.krunnerPath, Self.krunner + ".Run", tax, "copy-path")
        #expect(copy.status == 0, "\(copy.error)")
        #expect(try String(contentsOfFile: folio.home + "/clipboard", encoding: .utf8) == documents + "/tax.txt")
        #expect(try call(Self.krunnerPath, Self.krunner + ".Teardown").output == "()\n")
    }

    /// A field the search cannot read is said as the one result, which opens nothing: a
    /// shell shows nothing of a D-Bus error, and an empty list would say "no such document".
    @Test func fieldsNotUnderstood_areTheOneResult_andOpenNothing() throws {
        let problem = "query-problem:after '2023-13' is not understood: give a date as 2023, 2023-03, 2023-03-15, today or yesterday"
        let initial = try call(Self.gnomePath, Self.gnome + ".GetInitialResultSet", "['tax', 'after:2023-13']")
        #expect(initial.status == 0, "\(initial.error)")
        #expect(initial.output == "([\"\(problem)\"],)\n", "\(initial.output)")
        let metas = try call(Self.gnomePath, Self.gnome + ".GetResultMetas", "[\"\(problem)\"]")
        #expect(metas.output.contains("'name': <'Folio cannot search for this'>"), "\(metas.output)")
        #expect(metas.output.contains("give a date as 2023"))
        #expect(metas.output.contains("'gicon': <'dialog-warning'>"))
        #expect(try call(Self.gnomePath, Self.gnome + ".ActivateResult", "\"\(problem)\"", "['tax']", "0").status == 0)

        let match = try call(Self.krunnerPath, Self.krunner + ".Match", "tax colour:red")
        #expect(match.status == 0, "\(match.error)")
        #expect(match.output.contains("'Folio cannot search for this', 'dialog-warning', 50, 1.0"), "\(match.output)")
        #expect(match.output.contains("unknown field 'colour:'"))
        #expect(try call(Self.krunnerPath, Self.krunner + ".Run", "\"query-problem:unknown field\"", "").status == 0)
        #expect(!FileManager.default.fileExists(atPath: recorded), "nothing was opened")
    }

    /// With a file manager on the bus, "Open containing folder" asks it to show the file
    /// (selected), through the freedesktop FileManager1 interface.
    @Test func openContainingFolder_asksTheFileManagerToShowTheFile() throws {
        let fileManager = Process()
        fileManager.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        fileManager.arguments = [Self.repository + "/Tests/EndToEndTests/Fixtures/file-manager.py", folio.home + "/shown"]
        fileManager.environment = folio.environment
        let ready = Pipe()
        fileManager.standardOutput = ready
        try fileManager.run()
        defer {
            kill(fileManager.processIdentifier, SIGKILL)
            fileManager.waitUntilExit()
        }
        #expect(String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self) == "ready\n")
        let run = try call(Self.krunnerPath, Self.krunner + ".Run", "1:\(documents)/tax.txt", "open-folder")
        #expect(run.status == 0, "\(run.error)")
        #expect(try String(contentsOfFile: folio.home + "/shown", encoding: .utf8) == "file://\(documents)/tax.txt\n")
        #expect(!FileManager.default.fileExists(atPath: recorded), "the folder was not opened besides")
    }

    @Test func malformedCalls_getDBusErrors_andTheProviderGoesOn() throws {
        let wrongType = try folio.runTool("/usr/bin/dbus-send", ["--bus=" + bus.address, "--print-reply", "--dest=" + Self.busName,
                                                                 Self.gnomePath, Self.gnome + ".GetInitialResultSet", "string:tax"])
        #expect(wrongType.error.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(wrongType.error)")
        let notAnID = try call(Self.gnomePath, Self.gnome + ".ActivateResult", "tax.txt", "[]", "0")
        #expect(notAnID.error.contains("org.folio.Search.Error.InvalidArgs"), "\(notAnID.error)")
        let notIndexed = try call(Self.gnomePath, Self.gnome + ".ActivateResult", "1:/etc/passwd", "[]", "0")
        #expect(notIndexed.error.contains("org.folio.Search.Error.Failed"), "\(notIndexed.error)")
        let badMetas = try call(Self.gnomePath, Self.gnome + ".GetResultMetas", "['nonsense']")
        #expect(badMetas.error.contains("org.folio.Search.Error.InvalidArgs"))
        let action = try call(Self.krunnerPath, Self.krunner + ".Run", "1:\(documents)/tax.txt", "explode")
        #expect(action.error.contains("org.folio.Search.Error.InvalidArgs"), "\(action.error)")
        let unknown = try call(Self.krunnerPath, Self.krunner + ".Explode")
        #expect(unknown.error.contains("org.freedesktop.DBus.Error.UnknownMethod"), "\(unknown.error)")
        let syntax = try call(Self.krunnerPath, Self.krunner + ".Match", "\"unbalanced AND (")
        #expect(syntax.status == 0, "free text never breaks the query: \(syntax.error)")

        #expect(try call(Self.gnomePath, Self.gnome + ".GetInitialResultSet", "['tax']").output == "(['1:\(documents)/tax.txt'],)\n")
        #expect(!FileManager.default.fileExists(atPath: recorded), "nothing was opened")
    }

    @Test func idleProvider_exits_andOnlyOneServes() throws {
        // A bus with nothing to activate: the provider is started by hand.
        try FileManager.default.createDirectory(atPath: folio.home + "/bare", withIntermediateDirectories: true)
        let bare = try PrivateBus(home: folio.home + "/bare", servicesDirectory: folio.home + "/bare", environment: folio.environment)
        var onBare = folio
        onBare.environment["DBUS_SESSION_BUS_ADDRESS"] = bare.address
        let provider = try onBare.spawn("folio-search-provider", ["--idle-exit", "1"])
        var answer = Binaries.Result(status: -1, output: "", error: "")
        for _ in 0..<100 where answer.status != 0 {
            answer = try call(Self.gnomePath, Self.gnome + ".GetInitialResultSet", "['tax']", address: bare.address)
            if answer.status != 0 { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(answer.output == "(['1:\(documents)/tax.txt'],)\n", "\(answer.error)")
        let second = try onBare.run("folio-search-provider", [])
        #expect(second.status == 2 && second.error.contains("served by another process"), "\(second.error)")
        for _ in 0..<100 where provider.isRunning { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!provider.isRunning, "an unused provider exits after --idle-exit seconds")
        if provider.isRunning { kill(provider.processIdentifier, SIGKILL) }
        provider.waitUntilExit()
        #expect(provider.terminationStatus == 0)
    }

    @Test func installedFiles_areValid_andAgree() throws {
        let stage = folio.home + "/stage"
        let install = try folio.runTool("/usr/bin/make", ["-s", "-C", Self.repository, "install-data", "DESTDIR=" + stage, "PREFIX=/usr/local"])
        #expect(install.status == 0, "\(install.error)")
        let share = stage + "/usr/local/share"
        let desktop = share + "/applications/org.folio.Search.desktop"
        let plugin = share + "/krunner/dbusplugins/org.folio.Search.desktop"
        let validate = try folio.runTool("/usr/bin/desktop-file-validate", [desktop, plugin])
        #expect(validate.status == 0 && validate.output.isEmpty, "\(validate.output)\(validate.error)")

        let ini = try keys(share + "/gnome-shell/search-providers/org.folio.Search.search-provider.ini", group: "Shell Search Provider")
        let service = try keys(share + "/dbus-1/services/org.folio.Search.service", group: "D-BUS Service")
        let entry = try keys(desktop, group: "Desktop Entry")
        let runner = try keys(plugin, group: "Desktop Entry")
        #expect(ini["BusName"] == Self.busName && service["Name"] == Self.busName && runner["X-Plasma-DBusRunner-Service"] == Self.busName)
        #expect(ini["ObjectPath"] == Self.gnomePath && runner["X-Plasma-DBusRunner-Path"] == Self.krunnerPath)
        #expect(ini["Version"] == "2")
        #expect(ini["DesktopId"].map { FileManager.default.fileExists(atPath: share + "/applications/" + $0) } == true)
        #expect(entry["NoDisplay"] != "true", "GNOME Shell skips the provider of a hidden application")
        #expect(service["Exec"] == "/usr/local/libexec/folio-search-provider")
        #expect(entry["Exec"] == "/usr/local/libexec/folio ui", "the window, folio ui")
        #expect(runner["X-Plasma-API"] == "DBus" && runner["X-Plasma-API-Minimum-Version"] == "2.0")
    }

    @Test func rofiScriptMode_searchesThenOpens() throws {
        let first = try folio.run("folio-rofi", [], environment: ["ROFI_RETV": "0"])
        #expect(first.output == "\0prompt\u{1F}Folio\n\0message\u{1F}Type words and press Enter\n")
        let rows = try folio.run("folio-rofi", ["tomatoes"], environment: ["ROFI_RETV": "2"])
        #expect(rows.status == 0, "\(rows.error)")
        #expect(rows.output.contains("<b>Garden</b>  <small>Garden <u>Tomatoes</u> need sun &amp; water.</small>\0info\u{1F}1:\(documents)/garden.md\u{1F}icon\u{1F}text-x-markdown\n"),
                "\(rows.output)")
        let empty = try folio.run("folio-rofi", ["zyzzyva"], environment: ["ROFI_RETV": "2"])
        #expect(empty.output.contains("\0message\u{1F}Nothing found for zyzzyva\n"))
        let chosen = try folio.run("folio-rofi", ["Garden"], environment: ["ROFI_RETV": "1", "ROFI_INFO": "1:\(documents)/garden.md"])
        #expect(chosen.status == 0 && chosen.output.isEmpty, "no rows: rofi closes")
        #expect(try opened(lines: 2) == [documents + "/garden.md", "1"])
    }

    @Test func dmenuMode_asksForWords_thenForTheRow() throws {
        // A menu that answers "shearing" when asked for words and picks the first row.
        try folio.writeProgram("bin/menu", "#!/bin/sh\nrows=$(cat)\nif [ -z \"$rows\" ]; then echo shearing; else printf '%s\\n' \"$rows\" | head -n 1; fi\n")
        let result = try folio.run("folio-rofi", ["--dmenu", folio.home + "/bin/menu --prompt Folio"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try opened(lines: 2) == [documents + "/alpaca.pdf", "2"])
    }

    @Test func pdf_opensInTheDefaultViewer_atThePage() throws {
        // No [open] command: the PDF goes to the desktop's default PDF application (here
        // Evince, per mimeapps.list, as xdg-mime reads it) with the page of the match.
        try folio.write("config/folio/config.toml", "")
        try folio.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=org.gnome.Evince.desktop\n")
        try folio.write("data/applications/org.gnome.Evince.desktop", "[Desktop Entry]\nType=Application\nName=Document Viewer\nExec=evince %U\nMimeType=application/pdf;\n")
        try folio.writeProgram("bin/evince", "#!/bin/sh\nprintf '%s\\n' evince \"$@\" >> \(recorded)\n")
        let chosen = try folio.run("folio-rofi", ["x"], environment: ["ROFI_RETV": "1", "ROFI_INFO": "2:\(documents)/alpaca.pdf"])
        #expect(chosen.status == 0, "\(chosen.error)")
        #expect(try opened(lines: 3) == ["evince", "--page-index=2", documents + "/alpaca.pdf"])
    }

    /// The keys of one group of a desktop-entry-style file.
    private func keys(_ path: String, group: String) throws -> [String: String] {
        var keys: [String: String] = [:]
        var inGroup = false
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("[") {
                inGroup = line == "[\(group)]"
            } else if inGroup, let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                keys[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return keys
    }
}
