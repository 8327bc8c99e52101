import Foundation
import FolioTestSupport
import Testing

/// Mail threads end to end: a mailbox and Maildir messages indexed by the built programs,
/// each message's thread from its headers, shown by `folioq --thread`, marked on results,
/// and read by `folio mcp`'s `thread` tool through a real MCP client.
@Suite struct MailThreadTests {
    let folio: Binaries
    var mailbox: String { folio.home + "/Documents/list.mbox" }

    static func message(_ id: String, _ subject: String, _ from: String, _ date: String, _ body: String, replyTo: String? = nil,
                        references: [String] = []) -> String {
        var text = "From \(from.split(separator: "<").last!.dropLast()) \(date)\n"
        text += "Message-ID: <\(id)@example.org>\nFrom: \(from)\nTo: list@example.org\nSubject: \(subject)\nDate: \(date)\n"
        if let replyTo { text += "In-Reply-To: <\(replyTo)@example.org>\n" }
        if !references.isEmpty { text += "References: " + references.map { "<\($0)@example.org>" }.joined(separator: "\n ") + "\n" }
        return text + "\n" + body + "\n\n"
    }

    init() throws {
        folio = try Binaries()
        let messages = [
            Self.message("a1", "Garden budget 2023", "Anna <anna@example.org>", "Mon, 01 May 2023 09:00:00 +0000",
                         "What should the garden budget be for 2023? I propose 1,240 euros."),
            Self.message("c1", "Re: Garden budget 2023", "Carla <carla@example.org>", "Mon, 01 May 2023 11:00:00 +0000",
                         "Agreed with Ben; the fruit trees first.", replyTo: "b1", references: ["a1", "b1"]),
            Self.message("x1", "Boiler service", "Hendrik <hendrik@example.org>", "Tue, 02 May 2023 09:00:00 +0000",
                         "The boiler was serviced. The fee was 95 euros."),
            // A client that wrote no headers: joined by its subject.
            Self.message("d1", "Re: Garden budget 2023", "Dora <dora@example.org>", "Tue, 02 May 2023 12:00:00 +0000",
                         "Sorry I am late: fine by me."),
        ]
        try folio.write("Documents/list.mbox", messages.joined())
        // Ben's reply, in a Maildir beside the mailbox: threads go across files.
        try folio.write("Documents/Mail/INBOX/cur/1683000000.M1P1.host:2,S",
                        String(Self.message("b1", "Re: Garden budget 2023", "Ben <ben@example.org>", "Mon, 01 May 2023 10:00:00 +0000",
                                            "Yes, go ahead with the budget.", replyTo: "a1", references: ["a1"]).drop { $0 != "\n" }.dropFirst()))
        // A message long enough for several chunks, its words numbered.
        try folio.write("Documents/long.eml", "Message-ID: <long@example.org>\nFrom: Anna <anna@example.org>\nSubject: Minutes\n"
            + "Date: Wed, 03 May 2023 09:00:00 +0000\n\n" + (0..<3000).map { "w\($0)" }.joined(separator: " ") + "\n")
        #expect(try folio.run("folioctl", ["index", "--no-semantic", folio.home + "/Documents"]).status == 0)
    }

    /// A message's text is its chunks joined again, the words neighbours share said once.
    @Test func aLongMessageIsShownWhole() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(folio.run("folioq", ["--thread", folio.home + "/Documents/long.eml", "--json"])
            .output.utf8)) as? [String: Any])
        let text = try #require((json["messages"] as? [[String: Any]])?.first?["text"] as? String)
        let words = text.split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("w") }
        #expect(words.count == 3000 && words.elementsEqual((0..<3000).map { "w\($0)" }) { $0 == $1 }, "\(words.count) words")
    }

    @Test func aMessagesThreadIsShownInOrderWithItsReplies() throws {
        let human = try folio.run("folioq", ["--thread", mailbox + "//2"])
        #expect(human.status == 0, "\(human.error)")
        let lines = human.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Thread: “Garden budget 2023”, 4 messages", "\(human.output)")
        let order = lines.filter { $0.contains("~/Documents/") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(order == ["~/Documents/list.mbox//1", "~/Documents/Mail/INBOX/cur/1683000000.M1P1.host:2,S", "~/Documents/list.mbox//2",
                          "~/Documents/list.mbox//4"], "\(human.output)")
        #expect(human.output.contains("Yes, go ahead with the budget."))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(folio.run("folioq", ["--thread", mailbox + "//1", "--json"]).output.utf8))
            as? [String: Any])
        let messages = try #require(json["messages"] as? [[String: Any]])
        #expect(messages.map { $0["depth"] as? Int } == [0, 1, 2, 1])
        #expect(messages.map { $0["from"] as? String } == ["Anna <anna@example.org>", "Ben <ben@example.org>", "Carla <carla@example.org>",
                                                            "Dora <dora@example.org>"])
        #expect(json["truncated"] as? Bool == false)

        let alone = try folio.run("folioq", ["--thread", mailbox + "//3", "--format", "paths"])
        #expect(alone.output == mailbox + "//3\n")
        let missing = try folio.run("folioq", ["--thread", folio.home + "/Documents/nothing.eml"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("is not a message in the index"))
        #expect(try folio.run("folioq", ["--thread", mailbox + "//1", "budget"]).status == 2, "--thread takes no query")
    }

    @Test func aResultThatIsAMessageSaysItsThread() throws {
        let human = try folio.run("folioq", ["go ahead"])
        #expect(human.output.contains("· thread of 4: “Garden budget 2023”"), "\(human.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(folio.run("folioq", ["--json", "go ahead"]).output.utf8)) as? [String: Any])
        let first = try #require((json["results"] as? [[String: Any]])?.first)
        #expect((first["thread"] as? [String: Any])?["messages"] as? Int == 4)
        #expect((first["fields"] as? [String: Any])?["in_reply_to"] as? String == "a1@example.org")
        let boiler = try #require((try JSONSerialization.jsonObject(with: Data(folio.run("folioq", ["--json", "boiler"]).output.utf8)) as? [String: Any])?["results"]
            as? [[String: Any]])
        #expect((boiler.first?["thread"] as? [String: Any])?["messages"] as? Int == 1)
    }

    @Test func theThreadToolOfFolioMcpReturnsIt() throws {
        try #require(FileManager.default.isExecutableFile(atPath: MCPTests.python), "the MCP client is not installed")
        let calls = json(["tool": "thread", "arguments": ["path": mailbox + "//4"]], ["tool": "thread", "arguments": ["path": "/etc/passwd"]])
        let result = try folio.runTool(MCPTests.python, [MCPTests.client, calls, Binaries.directory + "/folio", "mcp"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.error)")
        let answers = try #require(report["calls"] as? [[String: Any]])
        let thread = try #require(answers[0]["structured"] as? [String: Any], "\(answers[0])")
        #expect((thread["messages"] as? [[String: Any]])?.count == 4)
        #expect(answers[1]["is_error"] as? Bool == true)
    }

    func json(_ calls: [String: Any]...) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: calls)) ?? Data(), as: UTF8.self)
    }
}

/// A conversation of three turns over mail: a question, a follow-up, and one whose answer
/// is in a reply the search did not send, which the model reaches with the `thread` tool.
@Suite struct MailThreadChatTests {
    @Test func theThirdTurnReadsTheThreadForTheReplyThatAnswersIt() throws {
        let setup = try MailThreadTests()
        let folio = setup.folio
        let server = try AskTests.ChatServer(log: folio.home + "/chat.log")
        try folio.write("config/folio/config.toml",
                        "[ask]\nprovider = \"openai\"\nurl = \"http://127.0.0.1:\(server.port)/v1\"\nmodel = \"threader\"\npassages = 1\n")
        let result = try folio.run("folio", ["chat", "--json", "What did Anna propose for the garden budget?", "And in euros?",
                                             "Who agreed? (look up: ahead)"], environment: ["OPENAI_API_KEY": "sk-test-secret"])
        let turns = try result.output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(turns.count == 3, "\(result.output) \(result.error)")
        #expect(turns.map { $0["status"] as? String } == ["answered", "answered", "answered"], "\(turns)")
        #expect((turns[1]["conversation"] as? [String: Any])?["follow_up"] as? String == "with-previous")
        let third = try #require(turns[2]["conversation"] as? [String: Any])
        let call = try #require((third["calls"] as? [[String: Any]])?.first)
        #expect(call["name"] as? String == "thread")
        #expect((call["passages"] as? [Int])?.isEmpty == false, "\(call)")
        let cited = try #require(turns[2]["citations"] as? [[String: Any]])
        #expect(cited.first?["path"] as? String == folio.home + "/Documents/Mail/INBOX/cur/1683000000.M1P1.host:2,S", "\(turns[2])")
        #expect((turns[2]["answer"] as? String)?.contains("Yes, go ahead with the budget") == true)
    }
}
