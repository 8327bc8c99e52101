import Foundation
import FolioTestSupport
import Testing

/// `folioq --ask` end to end: the built binaries, a real index, and a local server that
/// speaks Ollama's, OpenAI's and Anthropic's streamed wire formats (Fixtures/chat-server.py)
/// and answers from the prompt it receives.
@Suite(.serialized) struct AskTests {
    final class ChatServer {
        let fixture: FixtureServer
        let log: String
        var port: Int { fixture.port }

        init(log: String) throws {
            self.log = log
            fixture = try FixtureServer(script: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/chat-server.py"), arguments: [log])
        }

        /// The requests received, each as the server logged it.
        func requests() throws -> [[String: Any]] {
            guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
            return try text.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        }

        /// The user's message of the last request: the passages and the question (Anthropic's
        /// documents read as their titles and texts).
        func lastPrompt() throws -> String {
            let body = try #require(try requests().last?["body"] as? [String: Any])
            let messages = try #require(body["messages"] as? [[String: Any]])
            if let blocks = messages.last?["content"] as? [[String: Any]] {
                return blocks.map { block in
                    block["type"] as? String == "document"
                        ? "\(block["title"] ?? "")\n\((block["source"] as? [String: Any])?["data"] ?? "")"
                        : "\(block["text"] ?? "")"
                }.joined(separator: "\n\n")
            }
            return try #require(messages.last?["content"] as? String)
        }
    }

    let folio: Binaries
    let server: ChatServer

    init() throws {
        folio = try Binaries()
        server = try ChatServer(log: folio.home + "/chat-requests.log")
        try folio.write("Documents/car.txt", "Car notes\n\nThe vehicle service invoice came to 480 EUR in March.\n\nThe tyres were changed in October.\n")
        try folio.write("Documents/garden.md", "# Garden\n\nPlant tomatoes in May. Water the basil daily.\n")
        let pages = (1...6).map { ["Chapter \($0)", "The lighthouse keeper wrote on page \($0) of the log: marker\(["one", "two", "three", "four", "five", "six"][$0 - 1])."] }
        try folio.write("Documents/logbook.pdf", LongPDF.data(pages: pages))
        #expect(try folio.run("folioctl", ["index", "--no-semantic", folio.home + "/Documents"]).status == 0)
    }

    /// Points `[ask]` at the server.
    func configure(_ provider: String = "ollama", model: String, extra: String = "") throws {
        let url = "http://127.0.0.1:\(server.port)" + (provider == "openai" ? "/v1" : "")
        try folio.write("config/folio/config.toml", "[ask]\nprovider = \"\(provider)\"\nurl = \"\(url)\"\nmodel = \"\(model)\"\n\(extra)")
    }

    func ask(_ arguments: [String], environment: [String: String] = [:]) throws -> Binaries.Result {
        try folio.run("folioq", ["--ask"] + arguments, environment: environment)
    }

    func json(_ result: Binaries.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output) \(result.error)")
    }

    @Test(arguments: ["ollama", "openai", "anthropic"])
    func theAnswerCitesThePassagesSentByFileAndPage(provider: String) throws {
        try configure(provider, model: "quote")
        let keys = ["OPENAI_API_KEY": "sk-test-secret", "ANTHROPIC_API_KEY": "sk-ant-test-secret"]
        let result = try ask(["the vehicle service invoice"], environment: keys)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("480 EUR in March [1]."))
        // Anthropic's citations give the text cited (the stand-in cites the sentence); the
        // others' is the span of the passage found to bear the sentence out.
        #expect(result.output.contains("Sources\n  [1] ~/Documents/car.txt\n      “Car notes The vehicle service invoice came to 480 EUR in March.”\n"),
                "\(result.output)")
        #expect(try server.lastPrompt().contains("[1] car.txt"))
        if provider == "anthropic" {
            let body = try #require(try server.requests().last?["body"] as? [String: Any])
            let blocks = try #require((body["messages"] as? [[String: Any]])?.last?["content"] as? [[String: Any]])
            #expect(blocks.first?["type"] as? String == "document" && (blocks.first?["citations"] as? [String: Any])?["enabled"] as? Bool == true,
                    "the passages go as documents with citations on")
        }

        let answer = try json(try ask(["--json", "lighthouse keeper"], environment: keys))
        #expect(answer["status"] as? String == "answered")
        #expect(answer["provider"] as? String == provider)
        let passages = try #require(answer["passages"] as? [[String: Any]])
        let citations = try #require(answer["citations"] as? [[String: Any]])
        #expect(!citations.isEmpty)
        let prompt = try server.lastPrompt()
        for citation in citations {
            let number = try #require(citation["number"] as? Int)
            let sent = try #require(passages.first { $0["number"] as? Int == number })
            #expect(citation["path"] as? String == folio.home + "/Documents/logbook.pdf")
            #expect(citation["pages"] as? [Int] == sent["pages"] as? [Int])
            #expect(prompt.contains("[\(number)] logbook.pdf"), "each cited number is a passage given")
            #expect((citation["open"] as? [String])?.contains(folio.home + "/Documents/logbook.pdf") == true)
        }
        let tokens = try #require(answer["tokens"] as? [String: Any])
        #expect(tokens["prompt"] as? Int ?? 0 > 0, "the provider's own count is read from its stream")
        #expect((answer["timings_ms"] as? [String: Any])?["folio"] as? Double ?? 0 > 0)
    }

    @Test func inventedCitationsAreFlaggedNeverShownAsReal() throws {
        try configure("openai", model: "invent")
        let result = try ask(["vehicle invoice"], environment: ["OPENAI_API_KEY": "sk-test-secret"])
        #expect(result.status == 0)
        #expect(result.output.contains("[1]. Another says more [6?]. And a page [1, p. 999?]."))
        #expect(result.output.contains("Citations the model invented\n  [6] was not given: the passages were numbered 1 to 1\n  [1, p. 999]: passage 1 is on page 1\n"))
        #expect(!result.output.contains("[6]."))

        let answer = try json(try ask(["--json", "vehicle invoice"], environment: ["OPENAI_API_KEY": "sk-test-secret"]))
        #expect((answer["invented_citations"] as? [[String: Any]])?.map { $0["citation"] as? String } == ["[6?]", "[1, p. 999?]"])
        #expect((answer["citations"] as? [[String: Any]])?.count == 1)
    }

    /// A well-formed citation after a sentence its passage does not bear out is no source:
    /// the answer is not an answer from the documents, and says so (exit 1).
    @Test func anAnswerItsPassagesDoNotBearOut_isMarkedAndNotAnAnswer() throws {
        try configure("openai", model: "unsupported")
        let result = try ask(["vehicle invoice"], environment: ["OPENAI_API_KEY": "sk-test-secret"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("The weather was lovely at the wedding [1]."))
        #expect(result.output.contains("No passage the answer cites bears it out: it is not an answer from your documents."), "\(result.output)")
        #expect(result.output.contains("Citations not supported by their passage\n  [1?] ~/Documents/car.txt does not say: “The weather was lovely at the wedding.”"),
                "\(result.output)")
        #expect(!result.output.contains("Sources"))

        let answer = try json(try ask(["--json", "vehicle invoice"], environment: ["OPENAI_API_KEY": "sk-test-secret"]))
        #expect(answer["status"] as? String == "unsupported")
        #expect((answer["citations"] as? [[String: Any]])?.isEmpty == true)
        #expect((answer["unsupported_citations"] as? [[String: Any]])?.map { $0["claim"] as? String } == ["The weather was lovely at the wedding."])
    }

    @Test func whenThePassagesDoNotHoldTheAnswerItSaysSo() throws {
        try configure(model: "quote")
        let result = try ask(["what colour was the vehicle"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("The documents do not say."))
        #expect(!result.output.contains("Sources"))
        let body = try #require(try server.requests().last?["body"] as? [String: Any])
        let system = (body["messages"] as? [[String: Any]])?.first?["content"] as? String ?? ""
        #expect(system.contains("reply with exactly \"The documents do not say.\""), "the prompt asks for it")

        let nothing = try ask(["quasar nebula"])
        #expect(nothing.status == 1)
        #expect(nothing.error.contains("nothing in the index matches"))
        #expect(try server.requests().count == 1, "no model is asked when nothing matches")
    }

    @Test func aPageRangeKeepsLaterPagesOutOfThePrompt() throws {
        try configure(model: "quote")
        let result = try ask(["--json", "--path", "~/Documents/logbook.pdf", "--pages", "1-3", "lighthouse keeper"])
        #expect(result.status == 0, "\(result.error)")
        let prompt = try server.lastPrompt()
        #expect(prompt.contains("markerthree"))
        for later in ["markerfour", "markerfive", "markersix", "Chapter 4"] { #expect(!prompt.contains(later), "\(later) is after page 3") }
        let passages = try #require(try json(result)["passages"] as? [[String: Any]])
        #expect(passages.allSatisfy { ($0["pages"] as? [Int])?.allSatisfy { $0 <= 3 } == true })

        let folder = try ask(["--path", "~/Documents", "--pages", "1-3", "lighthouse"])
        #expect(folder.status == 2)
        #expect(folder.error.contains("--pages needs --path to name one indexed document"))
    }

    /// A hard-wrapped text's chunks end at line ends, in the middle of sentences; the
    /// passages sent complete them from the chunks beside, so that each opens and ends on a
    /// whole sentence.
    @Test func passagesOpenAndEndOnWholeSentences() throws {
        let words = ["harbour", "ledger", "lantern", "meadow", "kettle", "orbit", "violin", "forest"]
        let sentences = (0..<160).map { index in
            "Entry \(index) of the tide table " + (0..<12).map { words[($0 + index) % words.count] }.joined(separator: " ") + " closes here."
        }
        // Nine words to a line, as a wrapped plain text has them.
        let all = sentences.joined(separator: " ").split(separator: " ")
        let lines = stride(from: 0, to: all.count, by: 9).map { all[$0..<min($0 + 9, all.count)].joined(separator: " ") }
        try folio.write("Documents/tides.txt", lines.joined(separator: "\n") + "\n")
        #expect(try folio.run("folioctl", ["index", "--no-semantic", folio.home + "/Documents"]).status == 0)
        try configure(model: "quote")
        let answer = try json(try ask(["--json", "--path", "~/Documents/tides.txt", "tide table harbour"]))
        let texts = try #require((answer["passages"] as? [[String: Any]])?.compactMap { $0["text"] as? String })
        #expect(texts.count > 2)
        for text in texts {
            #expect(text.hasPrefix("Entry "), "opens on a whole sentence: \(text.prefix(60))")
            #expect(text.hasSuffix("closes here."), "ends on a whole sentence: \(text.suffix(60))")
        }
    }

    @Test func theContextBudgetIsKept() throws {
        for index in 0..<12 {
            try folio.write("Documents/reports/report\(index).txt",
                            "Budget report \(index)\n\n" + String(repeating: "The annual budget review covers spending and income. ", count: 40))
        }
        #expect(try folio.run("folioctl", ["index", "--no-semantic", folio.home + "/Documents"]).status == 0)
        try configure(model: "quote", extra: "context_tokens = 1500\nanswer_tokens = 300\n")
        let small = try json(try ask(["--json", "annual budget review"]))
        let smallTokens = try #require(small["tokens"] as? [String: Any])
        #expect(smallTokens["prompt_estimate"] as? Int ?? .max <= 1500 - 300)
        #expect(smallTokens["context"] as? Int == 1500)
        let body = try #require(try server.requests().last?["body"] as? [String: Any])
        #expect((body["options"] as? [String: Any])?["num_ctx"] as? Int == 1500, "Ollama is told the context")
        #expect((body["options"] as? [String: Any])?["num_predict"] as? Int == 300)

        try configure(model: "quote")
        let roomy = try json(try ask(["--json", "annual budget review"]))
        let few = (small["passages"] as? [Any])?.count ?? 0
        #expect(few >= 1)
        #expect((roomy["passages"] as? [Any])?.count == 8, "[ask] passages")
        #expect(few < 8)

        try configure(model: "quote", extra: "context_tokens = 600\nanswer_tokens = 512\n")
        let tooSmall = try ask(["annual budget review"])
        #expect(tooSmall.status == 2)
        #expect(tooSmall.error.contains("leaves no room for a passage"))
    }

    @Test func eachErrorSaysWhatToDo() throws {
        try folio.write("config/folio/config.toml", "[ask]\nurl = \"http://127.0.0.1:1\"\n")
        let down = try ask(["vehicle invoice"])
        #expect(down.status == 2)
        #expect(down.error.contains("Ollama is not running at http://127.0.0.1:1/api/chat"))
        #expect(down.error.contains("start it with `ollama serve`, then `ollama pull llama3.2`"))

        try configure(model: "hangup")
        let hangup = try ask(["vehicle invoice"])
        #expect(hangup.status == 2)
        #expect(hangup.error.contains("api/chat failed (Server returned nothing (no headers, no data)): is [ask] url the provider's address?"))

        try configure(model: "missing")
        #expect(try ask(["vehicle invoice"]).error.contains("Ollama has no model \"missing\" (model \"missing\" not found, try pulling it first): `ollama pull missing`"))
        try configure("anthropic", model: "limited")
        let limited = try ask(["vehicle invoice"], environment: ["ANTHROPIC_API_KEY": "sk-ant-test-secret"])
        #expect(limited.status == 2)
        #expect(limited.error.contains("Anthropic is rate limiting requests (Number of requests has exceeded your rate limit): try again in 17 s"))
        try configure("openai", model: "toolong")
        #expect(try ask(["vehicle invoice"], environment: ["OPENAI_API_KEY": "sk-test-secret"]).error
            .contains("says the prompt is longer than the model's context (This model's maximum context length is 4096 tokens.)"))
        try configure("anthropic", model: "broken")
        let broken = try ask(["vehicle invoice"], environment: ["ANTHROPIC_API_KEY": "sk-ant-test-secret"])
        #expect(broken.status == 2)
        #expect(broken.output.hasPrefix("The answer begins [1] \n"), "the part that came, its line ended")
        #expect(broken.error.contains("Anthropic stopped with an error (Overloaded); the answer above is incomplete"))

        try configure("anthropic", model: "quote")
        let keyless = try ask(["vehicle invoice"])
        #expect(keyless.status == 2)
        #expect(keyless.error.contains("Anthropic needs an API key: set ANTHROPIC_API_KEY or [ask] api_key_file"))
    }

    @Test func aServerSilentPastTheTimeOutIsAskedOnceMore() throws {
        try configure(model: "silent", extra: "timeout_seconds = 1\n")
        let started = Date()
        let result = try ask(["vehicle invoice"])
        #expect(result.status == 2)
        #expect(result.error.contains("sent nothing for 1 s, twice"))
        #expect(try server.requests().count == 2)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func keysStayOutOfMessagesAndTheCommandLine() throws {
        let key = "sk-ant-WRONG-4242424242"
        try configure("anthropic", model: "quote")
        let refused = try ask(["vehicle invoice"], environment: ["ANTHROPIC_API_KEY": key])
        #expect(refused.status == 2)
        #expect(refused.error.contains("Anthropic refused the API key (HTTP 401: invalid x-api-key [key])"))
        #expect(!refused.error.contains(key) && !refused.output.contains(key), "the server quoted the key; folioq does not")

        let keyFile = folio.home + "/anthropic.key"
        try folio.write("anthropic.key", "sk-ant-test-secret\n")
        chmod(keyFile, 0o644)
        try configure("anthropic", model: "quote", extra: "api_key_file = \"\(keyFile)\"\n")
        let shared = try ask(["vehicle invoice"])
        #expect(shared.status == 2)
        #expect(shared.error.contains("can be read by others; chmod 600 it"))
        chmod(keyFile, 0o600)
        let fromFile = try ask(["vehicle invoice"])
        #expect(fromFile.status == 0, "\(fromFile.error)")
        #expect((try server.requests().last?["headers"] as? [String: Any])?["x-api-key"] as? String == "sk-ant-test-secret")
    }

    @Test func ctrlCMidStreamEndsTheLineAndLeavesNoKeyInPs() throws {
        try configure("openai", model: "slow")
        let output = folio.home + "/ask-output"
        let errors = folio.home + "/ask-errors"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.directory + "/folioq")
        process.arguments = ["--ask", "vehicle invoice"]
        process.environment = folio.environment.merging(["OPENAI_API_KEY": "sk-test-secret"]) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("word3 ") { usleep(50_000) }
        let commandLine = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/cmdline", encoding: .utf8)) ?? ""
        #expect(commandLine.contains("vehicle invoice") && !commandLine.contains("sk-test-secret"))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        let shown = try String(contentsOfFile: output, encoding: .utf8)
        #expect(shown.hasPrefix("word0 word1 word2 word3 "))
        #expect(shown.hasSuffix("\n"), "the line is ended")
        #expect(!shown.contains("word299"), "stopped mid-stream")
        #expect(!shown.contains("Sources"))
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "folioq: stopped; the answer above is incomplete\n")
    }
}
