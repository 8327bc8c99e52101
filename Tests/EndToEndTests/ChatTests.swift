import Foundation
import FolioTestSupport
import Testing

/// `folio chat` end to end: the built binary, a real index, the stand-in model server
/// (Fixtures/chat-server.py), the conversations in their own SQLite file.
@Suite(.serialized) struct ChatTests {
    let folio: Binaries
    let server: AskTests.ChatServer

    init() throws {
        folio = try Binaries()
        server = try AskTests.ChatServer(log: folio.home + "/chat-requests.log")
        try folio.write("Documents/car.txt", "Car notes\n\nThe vehicle service invoice came to 480 EUR in March.\n\nThe tyres were changed in October.\n")
        try folio.write("Documents/boiler.txt", "Boiler\n\nHendrik Vos serviced the boiler in May. The charge was 95 EUR.\n")
        #expect(try folio.run("folioctl", ["index", "--no-semantic", folio.home + "/Documents"]).status == 0)
        try configure(model: "quote")
    }

    func configure(model: String, port: Int? = nil, extra: String = "") throws {
        try folio.write("config/folio/config.toml",
                        "[ask]\nprovider = \"ollama\"\nurl = \"http://127.0.0.1:\(port ?? server.port)\"\nmodel = \"\(model)\"\n\(extra)")
    }

    /// `folio chat` with `lines` on its standard input.
    func chat(_ arguments: [String], lines: [String]) throws -> Binaries.Result {
        let input = folio.home + "/input-\(UUID().uuidString)"
        try lines.map { $0 + "\n" }.joined().write(toFile: input, atomically: true, encoding: .utf8)
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try folio.run("folio", [], shell: "$PROGRAM chat \(quoted) < '\(input)'")
    }

    func jsonLines(_ result: Binaries.Result) throws -> [[String: Any]] {
        try result.output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    /// The messages of the last request to the model.
    func lastMessages() throws -> [[String: Any]] {
        let body = try #require(try server.requests().last?["body"] as? [String: Any])
        return try #require(body["messages"] as? [[String: Any]])
    }

    @Test func aFollowUpIsSearchedWithWhatCameBeforeAndSentWithTheEarlierTurns() throws {
        try configure(model: "quote", extra: "follow_ups = \"rewrite\"\n")
        let result = try chat(["--json"], lines: ["Who serviced the boiler?", "/sources", "and the charge?"])
        #expect(result.status == 0, "\(result.error)")
        let lines = try jsonLines(result)
        try #require(lines.count == 3, "\(result.output)")
        let sources = try #require(lines[1]["sources"] as? [[String: Any]], "/sources as JSON")
        #expect(sources.first?["path"] as? String == folio.home + "/Documents/boiler.txt")
        let turns = [lines[0], lines[2]]
        let first = try #require(turns[0]["conversation"] as? [String: Any])
        #expect(first["follow_up"] as? String == "first" && first["turn"] as? Int == 1 && first["tools"] as? Bool == true)
        let second = try #require(turns[1]["conversation"] as? [String: Any])
        #expect(second["follow_up"] as? String == "rewritten")
        #expect(second["searched_for"] as? String == "and the charge (serviced boiler)?", "the stand-in's rewriting, searched for")
        #expect(second["id"] as? Int == first["id"] as? Int && second["turn"] as? Int == 2)
        #expect(turns[1]["status"] as? String == "answered", "\(turns[1])")
        #expect((turns[1]["answer"] as? String)?.contains("The charge was 95 EUR [1]") == true, "\(turns[1])")
        // The model reads the first turn (its citation taken out) before the follow-up.
        let messages = try lastMessages()
        #expect(messages.map { $0["role"] as? String } == ["system", "user", "assistant", "user"])
        #expect(messages[1]["content"] as? String == "Who serviced the boiler?")
        #expect(messages[2]["content"] as? String == "Boiler Hendrik Vos serviced the boiler in May.")
        // The request that made the follow-up stand alone held the conversation.
        let rewriting = try #require(try server.requests().compactMap { ($0["body"] as? [String: Any])?["messages"] as? [[String: Any]] }
            .first { ($0.last?["content"] as? String)?.hasSuffix("Rewritten question:") == true })
        #expect((rewriting.last?["content"] as? String)?.contains("User: Who serviced the boiler?\nAssistant: Boiler Hendrik Vos serviced the boiler in May.") == true)

        // Kept: listed, resumed by a third question, exported with its sources.
        let list = try folio.run("folio", ["chat", "--list"])
        #expect(list.output.hasSuffix("\t2 turns\tWho serviced the boiler?\n"), "\(list.output)")
        let third = try chat(["--resume", "last"], lines: ["and the tyres?"])
        #expect(third.status == 0, "\(third.error)")
        #expect(third.output.contains("The tyres were changed in October ["), "\(third.output)")
        let export = try folio.run("folio", ["chat", "--export", "last"])
        #expect(export.output.hasPrefix("# Who serviced the boiler?\n"))
        #expect(export.output.contains("## and the charge?\n\n_Searched for: and the charge (serviced boiler)?_\n"))
        #expect(export.output.contains("- [1] `~/Documents/boiler.txt`: “The charge was 95 EUR.”"), "\(export.output)")
        #expect(export.output.contains("## and the tyres?"))
        // Mode 0600, beside the index.
        let attributes = try FileManager.default.attributesOfItem(atPath: folio.home + "/data/folio/conversations.db")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func followUpsAsTypedOrWithThePreviousQuestionAskNoModelToRewrite() throws {
        try configure(model: "quote", extra: "follow_ups = \"with-previous\"\n")
        let turns = try jsonLines(try chat(["--json", "Who serviced the boiler?", "and the charge?"], lines: []))
        #expect((turns.last?["conversation"] as? [String: Any])?["searched_for"] as? String == "Who serviced the boiler? and the charge?")
        #expect(try !server.requests().contains { ($0["body"] as? [String: Any]).map { "\($0)" }?.contains("Rewritten question:") == true })
    }

    @Test func ctrlCStopsTheAnswerAndKeepsTheConversation() throws {
        try configure(model: "slow")
        let output = folio.home + "/chat-output"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.directory + "/folio")
        process.arguments = ["chat", "vehicle invoice"]
        process.environment = folio.environment
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        try waitUntil("the answer streams", longestPause: 0.05) { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("word3 ") }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "the turn is incomplete, the program ends as asked")
        let export = try folio.run("folio", ["chat", "--export", "last"])
        #expect(export.output.contains("## vehicle invoice\n\nword0 word1 word2 word3"), "\(export.output)")
        #expect(export.output.contains("_Incomplete: stopped by Ctrl-C._"))
    }

    @Test func theModelServerKilledMidTurnLeavesTheTurnIncompleteAndTheConversationKept() throws {
        let doomed = try AskTests.ChatServer(log: folio.home + "/doomed.log")
        try configure(model: "slow", port: doomed.port)
        let output = folio.home + "/killed-output"
        let errors = folio.home + "/killed-errors"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.directory + "/folio")
        process.arguments = ["chat", "vehicle invoice"]
        process.environment = folio.environment
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        try waitUntil("the answer streams", longestPause: 0.05) { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("word3 ") }
        kill(doomed.fixture.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(try String(contentsOfFile: errors, encoding: .utf8).contains("folio chat: the model server stopped mid-answer"))
        let export = try folio.run("folio", ["chat", "--export", "last"])
        #expect(export.output.contains("## vehicle invoice\n\nword0 word1 word2 word3"), "\(export.output)")
        #expect(export.output.contains("_Incomplete: the model server stopped mid-answer"), "\(export.output)")
        // The conversation goes on with another server.
        try configure(model: "quote")
        let next = try chat(["--resume", "last"], lines: ["vehicle service invoice"])
        #expect(next.status == 0, "\(next.error)")
        #expect(try folio.run("folio", ["chat", "--list"]).output.contains("\t2 turns\tvehicle invoice"))
    }

    @Test func twoWindowsOnOneConversationEachKeepTheirTurn() throws {
        _ = try chat([], lines: ["Who serviced the boiler?"])
        let processes = try (0..<2).map { index in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binaries.directory + "/folio")
            process.arguments = ["chat", "--resume", "1", index == 0 ? "vehicle service invoice" : "tyres changed"]
            process.environment = folio.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let export = try folio.run("folio", ["chat", "--export", "1"]).output
        #expect(export.contains("## vehicle service invoice") && export.contains("## tyres changed"))
        #expect(try folio.run("folio", ["chat", "--list"]).output.contains("\t3 turns\t"))
    }

    @Test func aDamagedConversationsFileIsSetAsideAndChatGoesOn() throws {
        _ = try chat([], lines: ["Who serviced the boiler?"])
        let path = folio.home + "/data/folio/conversations.db"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 100))
        try handle.close()
        let result = try chat([], lines: ["vehicle service invoice"])
        #expect(result.status == 0)
        #expect(result.error.contains("the conversations file was damaged; it was moved to \(path).damaged-"), "\(result.error)")
        #expect(try folio.run("folio", ["chat", "--list"]).output.contains("\t1 turn\tvehicle service invoice"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: folio.home + "/data/folio").filter { $0.hasPrefix("conversations.db.damaged-") }
        #expect(!aside.isEmpty)
    }

    @Test func deletingAConversationAndBadChoicesAreClear() throws {
        _ = try chat([], lines: ["Who serviced the boiler?"])
        let deleted = try folio.run("folio", ["chat", "--delete", "last"])
        #expect(deleted.status == 0)
        #expect(deleted.error == "folio chat: deleted conversation 1 (Who serviced the boiler?)\n")
        let missing = try folio.run("folio", ["chat", "--export", "7"])
        #expect(missing.status == 2)
        #expect(missing.error == "folio chat: there is no conversation 7 (folio chat --list lists them)\n")
        #expect(try folio.run("folio", ["chat", "--list"]).status == 1)
        #expect(try folio.run("folio", ["chat", "--resume", "soon"]).status == 2)
    }
}

/// `folio chat` with a model that calls Folio's tools, in each provider's wire format
/// (the stand-in streams its calls as each provider does).
@Suite(.serialized) struct ChatToolTests {
    let folio: Binaries
    let server: AskTests.ChatServer
    static let keys = ["OPENAI_API_KEY": "sk-test-secret", "ANTHROPIC_API_KEY": "sk-ant-test-secret"]

    init() throws {
        folio = try Binaries()
        server = try AskTests.ChatServer(log: folio.home + "/chat-requests.log")
        try folio.write("Documents/car.txt", "Car notes\n\nThe vehicle service invoice came to 480 EUR in March.\n\nThe tyres were changed in October.\n")
        try folio.write("Documents/boiler.txt", "Boiler\n\nHendrik Vos serviced the boiler in May. The charge was 95 EUR.\n")
        #expect(try folio.run("folioctl", ["index", "--no-semantic", folio.home + "/Documents"]).status == 0)
    }

    func configure(_ provider: String, model: String, extra: String = "") throws {
        let url = "http://127.0.0.1:\(server.port)" + (provider == "openai" ? "/v1" : "")
        // One passage from the search: the rest is the model's to find.
        try folio.write("config/folio/config.toml", "[ask]\nprovider = \"\(provider)\"\nurl = \"\(url)\"\nmodel = \"\(model)\"\npassages = 1\n\(extra)")
    }

    func turn(_ question: String) throws -> (result: Binaries.Result, json: [String: Any], conversation: [String: Any]) {
        let result = try folio.run("folio", ["chat", "--json", question], environment: Self.keys)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output) \(result.error)")
        return (result, json, try #require(json["conversation"] as? [String: Any]))
    }

    @Test(arguments: ["ollama", "openai", "anthropic"])
    func theModelSearchesAndReadsFurtherAndWhatItCitesIsChecked(provider: String) throws {
        try configure(provider, model: "agent")
        let (result, json, conversation) = try turn("Who serviced the boiler? (look up: October)")
        #expect(result.status == 0, "\(result.error)")
        #expect(conversation["tools"] as? Bool == true)
        let calls = try #require(conversation["calls"] as? [[String: Any]])
        #expect(calls.map { $0["name"] as? String } == ["search", "read"])
        #expect(calls[0]["passages"] as? [Int] == [2], "the search's passage numbered after the one sent")
        #expect((calls[1]["arguments"] as? String)?.contains(folio.home + "/Documents/car.txt") == true, "read names what the search gave")
        #expect(json["answer"] as? String == "The tyres were changed in October [2]. ", "\(json)")
        let citations = try #require(json["citations"] as? [[String: Any]])
        #expect(citations.map { $0["path"] as? String } == [folio.home + "/Documents/car.txt"])
        #expect((json["passages"] as? [[String: Any]])?.count == 2, "every passage given or fetched is listed")
        // Each round went back with the calls and their results, in the provider's form.
        let body = try #require(try server.requests().last?["body"] as? [String: Any])
        let messages = try #require(body["messages"] as? [[String: Any]])
        switch provider {
        case "anthropic":
            let blocks = messages.compactMap { $0["content"] as? [[String: Any]] }.flatMap { $0 }
            #expect(blocks.contains { $0["type"] as? String == "tool_use" && $0["id"] as? String == "toolu_1" })
            #expect(blocks.contains { $0["type"] as? String == "tool_result" && $0["tool_use_id"] as? String == "toolu_1" })
            #expect((body["tools"] as? [[String: Any]])?.map { $0["name"] as? String } == ["search", "read", "thread"])
        default:
            #expect(messages.contains { $0["role"] as? String == "tool" })
            #expect(messages.contains { ($0["tool_calls"] as? [[String: Any]])?.isEmpty == false })
            let tools = try #require(body["tools"] as? [[String: Any]])
            #expect(tools.compactMap { ($0["function"] as? [String: Any])?["name"] as? String } == ["search", "read", "thread"])
        }
    }

    @Test func aModelThatKeepsCallingIsCutAtItsRounds() throws {
        try configure("openai", model: "looper", extra: "tool_steps = 2\n")
        let (result, _, conversation) = try turn("Who serviced the boiler?")
        #expect(result.status == 0, "\(result.error)")
        #expect((conversation["calls"] as? [[String: Any]])?.count == 2)
        #expect(conversation["note"] as? String == "the look-ups were cut at [ask] tool_steps = 2; the model answered from what it had")
        let last = try #require(try server.requests().last?["body"] as? [String: Any])
        #expect(last["tools"] == nil, "the last round offers no tools")
        let human = try folio.run("folio", ["chat", "Who serviced the boiler?"], environment: Self.keys)
        #expect(human.error.contains("  ⋯ search {\"query\": \"tyres 0\"}"))
        #expect(human.output.contains("(the look-ups were cut at [ask] tool_steps = 2; the model answered from what it had)"))
    }

    @Test(arguments: ["ollama", "openai"])
    func wrongCallsAreAnsweredWithTheirErrorAndTheTurnGoesOn(provider: String) throws {
        try configure(provider, model: "wrongtool")
        let (result, json, conversation) = try turn("Who serviced the boiler?")
        #expect(result.status == 0, "\(result.error)")
        let errors = try #require(conversation["calls"] as? [[String: Any]]).map { $0["error"] as? String ?? "" }
        #expect(errors.count == 3)
        #expect(errors[0] == "no tool named delete_files: the tools are search, read and thread")
        #expect(errors[1] == "read: the argument path is required")
        #expect(errors[2].hasPrefix(provider == "ollama" ? "search: query must be a string" : "search: the arguments are not a JSON object"), "\(errors[2])")
        #expect(json["status"] as? String == "answered")
        // The model read each error as the call's result.
        let body = try #require(try server.requests().last?["body"] as? [String: Any])
        let results = (body["messages"] as? [[String: Any]] ?? []).filter { $0["role"] as? String == "tool" }.compactMap { $0["content"] as? String }
        #expect(results.first == "Error: no tool named delete_files: the tools are search, read and thread")
    }

    @Test(arguments: ["ollama", "openai"])
    func aModelThatTakesNoToolsIsAnsweredFromTheSearchAndSaysSo(provider: String) throws {
        try configure(provider, model: "notools")
        let result = try folio.run("folio", ["chat", "--json", "Who serviced the boiler?", "and the charge?"], environment: Self.keys)
        #expect(result.status == 0, "\(result.error)")
        let turns = try result.output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        for turn in turns {
            let conversation = try #require(turn["conversation"] as? [String: Any])
            #expect(conversation["tools"] as? Bool == false)
            #expect((conversation["note"] as? String)?.hasPrefix("no tools: the model refused them") == true, "\(conversation)")
            #expect(turn["status"] as? String == "answered")
        }
        // Refused once: the second turn does not offer them again.
        let offered = try server.requests().filter { ($0["body"] as? [String: Any])?["tools"] != nil }
        #expect(offered.count == 1)
        try configure(provider, model: "notools", extra: "tools = false\n")
        let off = try turn("Who serviced the boiler?")
        #expect(off.conversation["tools"] as? Bool == false)
        #expect(off.conversation["note"] is NSNull)
    }
}
