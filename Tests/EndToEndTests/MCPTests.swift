import Foundation
import FolioTestSupport
import Testing

/// `folio mcp` driven by a real MCP client: the Python SDK (`mcp` from PyPI, installed by
/// `make test` with scripts/install-mcp-client.sh) starts the built `folio mcp` over stdio, lists its tools and calls them;
/// what comes back is checked against `folioq --json` and `folioctl` on the same index.
@Suite struct MCPTests {
    let folio: Binaries

    init() throws {
        folio = try Binaries()
        try folio.write("Documents/animals/quokka.txt", "Quokka notes\n\nThe quokka lives on Rottnest Island and smiles at visitors.\n")
        try folio.write("Documents/animals/wombat.md", "# Wombats\n\nA wombat digs burrows; a quokka does not.\n")
        try folio.write("Documents/recipes/bread.txt", "Sourdough bread\n\nFlour, water, salt and a starter.\n")
        // A long document: many chunks, each naming its position, for `read`'s window and limit.
        let paragraphs = (0..<400).map { index in
            "Paragraph \(index) of the almanac. " + String(repeating: "The tides and the moon keep their appointments. ", count: 6)
        }
        try folio.write("Documents/almanac.txt", "Almanac\n\n" + paragraphs.joined(separator: "\n\n") + "\n")
        #expect(try folio.run("folioctl", ["index", "--no-semantic", folio.home + "/Documents"]).status == 0)
    }

    /// The Python with the MCP SDK that `make test` installs (scripts/install-mcp-client.sh).
    static let python = "/usr/local/share/folio/mcp-client/bin/python3"

    static var client: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/mcp-client.py").path
    }

    /// The client's report of `calls`, made to `folio mcp` (through the `folio` binary, as an
    /// assistant's configuration names it).
    func session(_ calls: [[String: Any]]) throws -> [String: Any] {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: calls), as: UTF8.self)
        try #require(FileManager.default.isExecutableFile(atPath: Self.python),
                     "the MCP client is not installed: run scripts/install-mcp-client.sh /usr/local/share/folio")
        let result = try folio.runTool(Self.python, [Self.client, json, Binaries.directory + "/folio", "mcp"])
        #expect(result.status == 0, "\(result.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output) \(result.error)")
    }

    func calls(_ report: [String: Any]) throws -> [[String: Any]] {
        try #require(report["calls"] as? [[String: Any]])
    }

    @Test func listsItsToolsReadOnly_withTheirSchemas() throws {
        let report = try session([])
        let server = try #require(report["server"] as? [String: Any])
        #expect(server["name"] as? String == "folio")
        #expect((server["instructions"] as? String ?? "").contains("search"))
        let tools = try #require(report["tools"] as? [[String: Any]])
        #expect(tools.map { $0["name"] as? String } == ["search", "read", "thread", "list_sources", "status"])
        #expect(tools.allSatisfy { $0["read_only"] as? Bool == true })
        let search = try #require(tools.first?["input_schema"] as? [String: Any])
        #expect(search["required"] as? [String] == ["query"])
        #expect((search["properties"] as? [String: Any])?.keys.sorted() == ["limit", "mode", "path", "query", "type"])
    }

    /// The same results as `folioq --json`, in the same order, with what found each one.
    @Test func search_givesFolioqsResults() throws {
        let report = try session([["tool": "search", "arguments": ["query": "quokka", "mode": "lexical"]],
                                  ["tool": "search", "arguments": ["query": "quokka", "path": folio.home + "/Documents/animals/wombat.md"]],
                                  ["tool": "search", "arguments": ["query": "platypus"]]])
        let results = try calls(report)
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(folio.run("folioq", ["--json", "--mode", "lexical", "quokka"]).output.utf8))
            as? [String: Any])
        let structured = try #require(results[0]["structured"] as? [String: Any])
        let found = try #require(structured["results"] as? [[String: Any]])
        let wanted = try #require(expected["results"] as? [[String: Any]])
        #expect(found.count == 2)
        for key in ["path", "page", "chunk", "snippet", "found_by", "section", "title", "rank"] {
            #expect(found.map { "\($0[key] ?? "")" } == wanted.map { "\($0[key] ?? "")" }, "\(key)")
        }
        #expect(results[0]["is_error"] as? Bool == false)
        #expect((results[0]["text"] as? String ?? "").contains("quokka.txt"), "the same JSON as text, for clients that read only text")
        let scoped = try #require((results[1]["structured"] as? [String: Any])?["results"] as? [[String: Any]])
        #expect(scoped.map { $0["path"] as? String } == [folio.home + "/Documents/animals/wombat.md"])
        let nothing = try #require(results[2]["structured"] as? [String: Any])
        #expect((nothing["results"] as? [Any])?.isEmpty == true)
        #expect((nothing["note"] as? String ?? "").contains("nothing found"))
        #expect(nothing["unmatched_words"] as? [String] == ["platypus"])
    }

    /// A passage and its neighbours, by chunk or by page; never more than the limit.
    @Test func read_givesAPassageWithItsNeighbours_withinTheLimit() throws {
        let almanac = folio.home + "/Documents/almanac.txt"
        let report = try session([["tool": "read", "arguments": ["path": almanac, "chunk": 5]],
                                  ["tool": "read", "arguments": ["path": almanac, "chunk": 5, "around": 3]],
                                  ["tool": "read", "arguments": ["path": almanac, "page": 1, "around": 0]],
                                  ["tool": "read", "arguments": ["path": folio.home + "/Documents/animals/quokka.txt"]]])
        let results = try calls(report)
        let one = try #require(results[0]["structured"] as? [String: Any])
        let passages = try #require(one["passages"] as? [[String: Any]])
        #expect(passages.map { $0["chunk"] as? Int } == [4, 5, 6])
        #expect(one["next_chunk"] as? Int == 7 && one["truncated"] as? Bool == false)
        #expect(one["chunks"] as? Int ?? 0 > 20)
        let text = passages.compactMap { $0["text"] as? String }.joined()
        #expect(text.contains("Paragraph") && text.contains("tides"))
        let wide = try #require(results[1]["structured"] as? [String: Any])
        let widePassages = try #require(wide["passages"] as? [[String: Any]])
        let characters = widePassages.compactMap { ($0["text"] as? String)?.unicodeScalars.count }.reduce(0, +)
        #expect(characters <= 12_000, "\(characters) characters")
        #expect(widePassages.contains { $0["chunk"] as? Int == 5 })
        let first = try #require((results[2]["structured"] as? [String: Any])?["passages"] as? [[String: Any]])
        #expect(first.map { $0["chunk"] as? Int } == [0] && first.first?["page_first"] as? Int == 1)
        let short = try #require(results[3]["structured"] as? [String: Any])
        let whole = (short["passages"] as? [[String: Any]])?.first?["text"] as? String ?? ""
        #expect(whole.hasPrefix("Quokka notes") && whole.hasSuffix("The quokka lives on Rottnest Island and smiles at visitors."), "\(whole)")
        #expect(short["next_chunk"] is NSNull)
    }

    @Test func listSourcesAndStatus_agreeWithFolioctl() throws {
        let report = try session([["tool": "list_sources", "arguments": [:] as [String: Any]],
                                  ["tool": "list_sources", "arguments": ["path": folio.home + "/Documents/animals", "limit": 1]],
                                  ["tool": "status", "arguments": [:] as [String: Any]]])
        let results = try calls(report)
        let sources = try folio.run("folioctl", ["sources"]).output.split(separator: "\n").filter { !$0.hasPrefix("\t") }
        let all = try #require(results[0]["structured"] as? [String: Any])
        #expect((all["documents"] as? [[String: Any]])?.map { $0["path"] as? String ?? "" } == sources.map { String($0.split(separator: "\t").last!) })
        #expect(all["matching"] as? Int == 4)
        let page = try #require(results[1]["structured"] as? [String: Any])
        #expect(page["matching"] as? Int == 2 && (page["documents"] as? [Any])?.count == 1 && page["next_offset"] as? Int == 1)
        let status = try #require(results[2]["structured"] as? [String: Any])
        let expected = try #require(try folio.statusReport())
        #expect((status["counts"] as? [String: Any])?["documents"] as? Int == (expected["counts"] as? [String: Any])?["documents"] as? Int)
        #expect(status["running"] as? Bool == false)
        #expect(status["database"] as? String == folio.databasePath)
    }

    /// A call of a tool that does not exist is a protocol error; a wrong argument is the
    /// tool's error (SEP-1303), which the assistant reads and corrects, and names the
    /// argument; a path outside the index is refused the same way.
    @Test func badCalls_areRefusedWithTheReason() throws {
        let report = try session([["tool": "search", "arguments": [:] as [String: Any]],
                                  ["tool": "search", "arguments": ["query": "quokka", "limit": 500]],
                                  ["tool": "search", "arguments": ["query": "quokka", "colour": "red"]],
                                  ["tool": "forget", "arguments": ["path": folio.home + "/Documents"]],
                                  ["tool": "read", "arguments": ["path": "/etc/passwd"]],
                                  ["tool": "search", "arguments": ["query": "quokka", "path": "/etc"]],
                                  ["tool": "read", "arguments": ["path": "Documents/almanac.txt"]],
                                  ["tool": "search", "arguments": ["query": "\"unterminated AND (OR"]]])
        let results = try calls(report)
        func toolError(_ index: Int) -> String? {
            results[index]["is_error"] as? Bool == true ? results[index]["text"] as? String ?? "" : nil
        }
        let unknown = results[3]["protocol_error"] as? [String: Any]
        #expect(toolError(0)?.contains("query is required") == true, "\(results[0])")
        #expect(toolError(1)?.contains("limit must be from 1 to 50") == true, "\(results[1])")
        #expect(toolError(2)?.contains("colour") == true, "\(results[2])")
        #expect(unknown?["code"] as? Int == -32602 && (unknown?["message"] as? String ?? "").contains("no tool named forget"), "\(results[3])")
        #expect(toolError(4)?.contains("no indexed document") == true)
        #expect(toolError(5)?.contains("no indexed document") == true)
        #expect(toolError(6)?.contains("absolute path") == true, "\(results[6])")
        #expect(results[7]["is_error"] as? Bool == false, "free text never gives a syntax error: \(results[7])")
    }

    /// `folio mcp` started by hand, its standard input and output in pipes, given the
    /// handshake and then `lines`, one JSON-RPC message each (or not quite one).
    func startServer(writing lines: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.directory + "/folio")
        process.arguments = ["mcp"]
        process.environment = folio.environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handshake = [#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
                         #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#]
        input.fileHandleForWriting.write(Data(((handshake + lines).joined(separator: "\n") + "\n").utf8))
        return (process, input, output)
    }

    /// A line that is not JSON-RPC gets a parse error, and the session goes on: the next
    /// request is answered.
    @Test func aMalformedMessage_isAParseError_andTheSessionGoesOn() throws {
        let (process, input, output) = try startServer(writing: [#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","#,
                                                                 #"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#])
        try input.fileHandleForWriting.close()
        let replies = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        process.waitUntilExit()
        let messages = replies.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(messages.contains { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }, "\(replies)")
        let listed = messages.first { $0["id"] as? Int == 3 }
        #expect(((listed?["result"] as? [String: Any])?["tools"] as? [Any])?.count == 5, "\(replies)")
        #expect(process.terminationStatus == 0)
    }

    /// A client that goes away in the middle of a call, or at rest, ends the server.
    @Test func endsWhenItsClientCloses_evenMidCall() throws {
        for closeMidCall in [true, false] {
            let call = #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"tides moon almanac","limit":50}}}"#
            let (process, input, output) = try startServer(writing: closeMidCall ? [call] : [])
            if !closeMidCall { Thread.sleep(forTimeInterval: 0.5) }
            try input.fileHandleForWriting.close()
            try output.fileHandleForReading.close()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            let ended = !process.isRunning
            if !ended { process.terminate() }
            #expect(ended, "the server ends when its client closes (mid-call: \(closeMidCall))")
            if ended { #expect(process.terminationStatus == 0, "status \(process.terminationStatus), mid-call: \(closeMidCall)") }
        }
    }
}
