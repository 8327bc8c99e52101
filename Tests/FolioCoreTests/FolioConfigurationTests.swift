import Testing
@testable import FolioCore
import Foundation

@Suite struct FolioConfigurationTests {
    /// The repository's `config.example.toml`, found from this file's place in the tree.
    static let examplePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config.example.toml").path

    @Test func exampleFile_decodesToTheDefaults() throws {
        let text = try String(contentsOfFile: Self.examplePath, encoding: .utf8)
        let configuration = try FolioConfiguration(toml: text, file: Self.examplePath)
        #expect(configuration == .default)
    }

    @Test func exampleFile_setsEveryKeyExplicitly() throws {
        // Each default shown in the example must be a real key: an empty file gives the
        // defaults too, so check the example mentions every key the reader knows.
        let text = try String(contentsOfFile: Self.examplePath, encoding: .utf8)
        for key in ["folders", "include_hidden", "exclude", "debounce_ms", "max_delay_ms", "workers", "file_timeout_seconds",
                    "rescan_interval_seconds", "offline_days", "code_extensions", "max_file_size", "[chunking]", "max_tokens_per_chunk", "overlap_tokens", "[pdf]", "backend",
                    "[ocr]", "enabled", "languages", "dpi", "max_pages_per_document", "time_budget_seconds",
                    "[open]", "command", "pdf_command"] {
            #expect(text.contains("\n" + key), "config.example.toml does not document \(key)")
        }
    }

    @Test func emptyFile_givesTheDefaults() throws {
        #expect(try FolioConfiguration(toml: "", file: "c.toml") == .default)
    }

    @Test func values_overrideTheDefaults() throws {
        let configuration = try FolioConfiguration(toml: """
            folders = ["~/Notes", "/srv/papers"]
            include_hidden = true
            max_file_size = 1000
            [chunking]
            max_tokens_per_chunk = 200
            overlap_tokens = 20
            """, file: "c.toml")
        #expect(configuration.folders == ["~/Notes", "/srv/papers"])
        #expect(configuration.includeHidden)
        #expect(configuration.maxFileSize == 1000)
        #expect(configuration.chunking == ChunkingOptions(maxTokensPerChunk: 200, overlapTokens: 20))
    }

    @Test(arguments: [
        ("folder = [\"~/x\"]", ConfigurationError.unknownKey(file: "c.toml", key: "folder")),
        ("[chunking]\nmax_tokens = 3", .unknownKey(file: "c.toml", key: "chunking.max_tokens")),
        ("folders = \"~/x\"", .wrongType(file: "c.toml", key: "folders", expected: "an array of strings")),
        ("folders = [1]", .wrongType(file: "c.toml", key: "folders", expected: "an array of strings")),
        ("include_hidden = 1", .wrongType(file: "c.toml", key: "include_hidden", expected: "true or false")),
        ("max_file_size = 0", .invalidValue(file: "c.toml", key: "max_file_size", reason: "must be at least 1, not 0")),
        ("chunking = 3", .wrongType(file: "c.toml", key: "chunking", expected: "a table ([chunking])")),
        ("[chunking]\noverlap_tokens = 500", .invalidValue(file: "c.toml", key: "chunking.overlap_tokens",
                                                           reason: "must be smaller than chunking.max_tokens_per_chunk (500)")),
        ("[pdf]\nbackend = \"xpdf\"", .invalidValue(file: "c.toml", key: "pdf.backend", reason: "must be one of \"mupdf\", \"poppler\", not \"xpdf\"")),
        ("[ocr]\nlanguages = []", .invalidValue(file: "c.toml", key: "ocr.languages", reason: "must list tesseract language codes such as \"eng\"")),
        ("[ocr]\ndpi = 10", .invalidValue(file: "c.toml", key: "ocr.dpi", reason: "must be at least 72, not 10")),
        ("[ocr]\nenable = true", .unknownKey(file: "c.toml", key: "ocr.enable")),
        ("debounce_ms = 500\nmax_delay_ms = 100", .invalidValue(file: "c.toml", key: "max_delay_ms", reason: "must be at least debounce_ms (500)")),
        ("[open]\ncommand = [\"evince\"]", .invalidValue(file: "c.toml", key: "open.command", reason: FolioConfigurationTests.openReason)),
        ("[open]\npdf_command = [\"\", \"{path}\"]", .invalidValue(file: "c.toml", key: "open.pdf_command", reason: FolioConfigurationTests.openReason)),
        ("[open]\ncommand = \"xdg-open {path}\"", .wrongType(file: "c.toml", key: "open.command", expected: "an array of strings")),
        ("exclude = \"*.tmp\"", .wrongType(file: "c.toml", key: "exclude", expected: "an array of strings")),
        ("[embeddings]\nprovider = \"bert\"", .invalidValue(file: "c.toml", key: "embeddings.provider",
                                                           reason: "must be one of \"local\", \"ollama\", \"openai\", \"none\", not \"bert\"")),
        ("[embeddings]\nurl = \"localhost:11434\"", .invalidValue(file: "c.toml", key: "embeddings.url",
                                                                 reason: "must start with http:// or https://, not \"localhost:11434\"")),
        ("[embeddings]\nmodel = \"\"", .invalidValue(file: "c.toml", key: "embeddings.model", reason: "must name a model")),
        ("[embeddings]\nidle_minutes = 0", .invalidValue(file: "c.toml", key: "embeddings.idle_minutes", reason: "must be at least 1, not 0")),
        ("[embeddings]\napi_key = \"sk-x\"", .unknownKey(file: "c.toml", key: "embeddings.api_key")),
    ])
    func invalidConfiguration_isRefusedNamingFileAndKey(toml: String, expected: ConfigurationError) {
        #expect(throws: expected) { try FolioConfiguration(toml: toml, file: "c.toml") }
    }

    static let openReason = "must be a program and its arguments, one of them holding {path} or {uri}, such as [\"evince\", \"--page-index={page}\", \"{path}\"]"

    @Test func embeddings_areRead() throws {
        let configuration = try FolioConfiguration(toml: """
            [embeddings]
            provider = "ollama"
            model = "nomic-embed-text"
            idle_minutes = 3
            """, file: "c.toml")
        #expect(configuration.embeddings.provider == .ollama && configuration.embeddings.model == "nomic-embed-text")
        #expect(configuration.embeddings.effectiveURL == "http://127.0.0.1:11434")
        #expect(configuration.embeddings.idleMinutes == 3)
    }

    @Test func openCommands_areRead() throws {
        let configuration = try FolioConfiguration(toml: """
            [open]
            command = ["gio", "open", "{uri}"]
            pdf_command = ["zathura", "--page={page}", "{path}"]
            """, file: "c.toml")
        #expect(configuration.open == OpenOptions(command: ["gio", "open", "{uri}"], pdfCommand: ["zathura", "--page={page}", "{path}"]))
    }

    @Test func mailboxFolders_areRead_andTellMailboxesWithoutAnExtension() throws {
        let configuration = try FolioConfiguration(toml: "[mail]\nmailbox_folders = [\"~/.thunderbird/p.default/Mail\"]\n", file: "c.toml")
        #expect(configuration.mail.mailboxFolders == ["~/.thunderbird/p.default/Mail"])
        #expect(configuration.watchingMailboxFolders.folders == ["~/Documents", "~/.thunderbird/p.default/Mail"])
        let kinds = FileKinds(configuration, home: "/home/ada")
        let folder = "/home/ada/.thunderbird/p.default/Mail"
        #expect(kinds.isMailbox(folder + "/Local Folders/Inbox") && kinds.kind(of: folder + "/Local Folders/Inbox") == .mail)
        #expect(kinds.isMailbox(folder + "/Local Folders/Inbox.sbd/Receipts"))
        #expect(!kinds.isMailbox(folder + "/Local Folders/Inbox.msf") && kinds.kind(of: folder + "/Local Folders/Inbox.msf") == .file)
        #expect(kinds.kind(of: folder + "/Local Folders/filterlog.html") == .html)
        #expect(!kinds.isMailbox("/home/ada/Documents/Makefile"), "outside the mailbox folders a file without an extension is not mail")
        #expect(kinds.isMailbox("/home/ada/Documents/old.MBOX") && FileKinds().isMailbox("/x/Archive.mbox"))
        #expect(!kinds.isMailbox(folder + "/Maildir/cur/1700000000.M1P1.harbour"))
        #expect(throws: ConfigurationError.self) { try FolioConfiguration(toml: "[mail]\nmailbox_folders = [\"Mail\"]\n", file: "c.toml") }
    }

    @Test func documentKeys_nameDocumentsInsideFiles() {
        #expect(DocumentKey.inner("42", of: "/m/Inbox") == "/m/Inbox//42")
        #expect(DocumentKey.inner("a.pdf", of: "/m/Inbox//42") == "/m/Inbox//42/a.pdf")
        #expect(DocumentKey.file(of: "/m/Inbox//42/a.pdf") == "/m/Inbox" && DocumentKey.file(of: "/m/Inbox") == "/m/Inbox")
        #expect(DocumentKey.isInner("/m/Inbox//42") && !DocumentKey.isInner("/m/Inbox"))
        #expect(DocumentKey.part("2023/24 report.pdf") == "2023_24 report.pdf" && DocumentKey.part("..") == "unnamed" && DocumentKey.part("") == "unnamed")
    }

    @Test func syntaxError_givesTheLine() {
        do {
            _ = try FolioConfiguration(toml: "folders = [\"a\"]\nmax_file_size = = 3\n", file: "c.toml")
            Issue.record("expected a syntax error")
        } catch {
            guard case let .syntax(file, line, _, _) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(file == "c.toml")
            #expect(line == 2)
        }
    }
}
