import Foundation
import FolioTestSupport
import Testing

/// `folioq --ask` against a real model server: llama.cpp's `llama-server` with the small
/// SmolLM2-135M-Instruct model (scripts/install-llama-server.sh, run by `make test`), on a
/// folder of look-alike invoices. A model this small answers well only sometimes: what is
/// checked is what Folio must do whatever it says — the stream read to its end with the
/// server's own counts, every source borne out by its passage, the cut and the refusal and
/// the dying server each said as such.
@Suite(.serialized) struct LlamaServerTests {
    static let customers = ["Sofia Nowak", "Jonas Berg", "Ana Costa", "Liam Walsh", "Mia Schulz", "Noah Dubois", "Emma Rossi", "Lucas Novak"]
    static let services = ["boiler service", "window cleaning", "gutter repair", "chimney sweeping", "roof inspection", "garden clearance"]

    let folio: Binaries
    let server: FixtureServer
    let pidFile: String

    init() throws {
        folio = try Binaries()
        pidFile = folio.home + "/llama-server.pid"
        server = try FixtureServer(script: Self.fixture, arguments: [pidFile])
        try #require(server.port > 0, "llama-server is not installed or did not start: run scripts/install-llama-server.sh /usr/local/share/folio")
        for index in 0..<40 {
            let customer = Self.customers[index % Self.customers.count]
            let service = Self.services[index % Self.services.count]
            let amount = 80 + (index * 37) % 900
            try folio.write("Documents/invoices/invoice-\(4_840 + index).txt", """
                Invoice \(4_840 + index)
                Customer: \(customer)
                Service: \(service), carried out on \(index % 28 + 1) March 2026.
                Amount due: EUR \(amount).00, payable within 30 days.
                Thank you for your custom.
                """)
        }
        #expect(try folio.run("folioctl", ["index", "--no-semantic", folio.home + "/Documents"]).status == 0)
    }

    static var fixture: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/llama-server.py")
    }

    func configure(port: Int, extra: String = "") throws {
        try folio.write("config/folio/config.toml", "[ask]\nprovider = \"openai\"\nurl = \"http://127.0.0.1:\(port)/v1\"\n\(extra)")
    }

    func json(_ result: Binaries.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output) \(result.error)")
    }

    static func squeezed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theAnswerStreamsWithTheServersCounts_andEverySourceIsBorneOutByItsPassage() throws {
        try configure(port: server.port)
        let question = "How much did Sofia Nowak pay for the boiler service?"
        let result = try folio.run("folioq", ["--ask", "--json", question])
        let answer = try json(result)
        let status = try #require(answer["status"] as? String)
        #expect(["answered", "unsupported", "not_in_documents"].contains(status))
        #expect(result.status == (status == "answered" ? 0 : 1), "\(result.error)")
        let tokens = try #require(answer["tokens"] as? [String: Any])
        #expect(tokens["prompt"] as? Int ?? 0 > 100, "the server's own count of the prompt: \(tokens)")
        #expect(tokens["answer"] as? Int ?? 0 > 0, "the server's own count of the answer: \(tokens)")
        #expect(["stop", "length"].contains(answer["finish_reason"] as? String ?? ""), "\(answer)")
        #expect(!(answer["answer"] as? String ?? "").isEmpty)
        let passages = try #require(answer["passages"] as? [[String: Any]])
        let citations = try #require(answer["citations"] as? [[String: Any]])
        #expect((status == "answered") == !citations.isEmpty)
        for citation in citations {
            let number = try #require(citation["number"] as? Int)
            let text = Self.squeezed(try #require(passages.first { $0["number"] as? Int == number }?["text"] as? String))
            let quote = Self.squeezed(try #require(citation["quote"] as? String))
            #expect(!quote.isEmpty && text.contains(quote), "the quote of [\(number)] is its passage's words: \(quote)")
        }
        for unsupported in answer["unsupported_citations"] as? [[String: Any]] ?? [] {
            #expect(!citations.contains { $0["number"] as? Int == unsupported["number"] as? Int }, "never both a source and unsupported")
        }

        let shown = try folio.run("folioq", ["--ask", question])
        #expect(!shown.output.isEmpty)
        #expect(shown.output.contains("\nSources\n") == (shown.status == 0), "\(shown.output)")
    }

    /// `folio chat` with the real server: a follow-up searched with the question before it,
    /// the first turn sent with the second, and whatever the model does with the tools it is
    /// offered (this one calls none), every source borne out by its passage.
    @Test func aConversationsFollowUpIsAnsweredFromItsSearch_andKept() throws {
        try configure(port: server.port, extra: "answer_tokens = 96\n")
        let result = try folio.run("folio", ["chat", "--json", "How much did Sofia Nowak pay for the boiler service?", "And Jonas Berg?"])
        let turns = try result.output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(turns.count == 2, "\(result.output) \(result.error)")
        for (index, turn) in turns.enumerated() {
            #expect(["answered", "unsupported", "not_in_documents"].contains(turn["status"] as? String ?? ""), "\(turn)")
            let conversation = try #require(turn["conversation"] as? [String: Any])
            #expect(conversation["turn"] as? Int == index + 1)
            let passages = try #require(turn["passages"] as? [[String: Any]])
            for citation in turn["citations"] as? [[String: Any]] ?? [] {
                let number = try #require(citation["number"] as? Int)
                let text = Self.squeezed(try #require(passages.first { $0["number"] as? Int == number }?["text"] as? String))
                #expect(text.contains(Self.squeezed(try #require(citation["quote"] as? String))))
            }
            for call in conversation["calls"] as? [[String: Any]] ?? [] {
                #expect(call["error"] is NSNull || ["search", "read"].contains(call["name"] as? String ?? ""), "\(call)")
            }
        }
        let second = try #require(turns[1]["conversation"] as? [String: Any])
        #expect(second["follow_up"] as? String == "with-previous")
        #expect(second["searched_for"] as? String == "How much did Sofia Nowak pay for the boiler service? And Jonas Berg?")
        #expect((turns[1]["passages"] as? [[String: Any]])?.contains { ($0["text"] as? String)?.contains("Jonas Berg") == true } == true,
                "the follow-up's search found Jonas Berg's invoices")
        let export = try folio.run("folio", ["chat", "--export", "last"])
        #expect(export.output.contains("## How much did Sofia Nowak pay for the boiler service?") && export.output.contains("## And Jonas Berg?"))
    }

    @Test func anAnswerCutAtItsLimit_saysSo() throws {
        try configure(port: server.port, extra: "answer_tokens = 16\n")
        let question = "List every invoice of Sofia Nowak with its service, its date and its amount, one per line."
        let answer = try json(try folio.run("folioq", ["--ask", "--json", question]))
        #expect(answer["finish_reason"] as? String == "length", "\(answer)")
        #expect((answer["tokens"] as? [String: Any])?["answer"] as? Int == 16)
        let shown = try folio.run("folioq", ["--ask", question])
        #expect(shown.output.contains("The answer was cut at [ask] answer_tokens = 16."), "\(shown.output)")
    }

    @Test func aPromptLongerThanTheServersContext_isRefusedWithWhatToDo() throws {
        let small = try FixtureServer(script: Self.fixture, arguments: [folio.home + "/small.pid", "512"])
        try #require(small.port > 0)
        try configure(port: small.port, extra: "context_tokens = 8192\n")
        let result = try folio.run("folioq", ["--ask", "What did Ana Costa pay for the gutter repair?"])
        #expect(result.status == 2, "\(result.output) \(result.error)")
        #expect(result.error.contains("says the prompt is longer than the model's context") && result.error.contains("lower [ask] context_tokens"),
                "\(result.error)")
        #expect(!result.error.contains("{\""), "no raw JSON: \(result.error)")
    }

    /// Folio's estimate fell short of the server's count: the server says both counts, and
    /// the question is asked once more with the passages cut by their ratio.
    @Test func aPromptOverTheServersCount_isAskedAgainWithFewerPassages() throws {
        let small = try FixtureServer(script: Self.fixture, arguments: [folio.home + "/small.pid", "512"])
        try #require(small.port > 0)
        try configure(port: small.port, extra: "context_tokens = 8192\nanswer_tokens = 64\n")
        let result = try folio.run("folioq", ["--ask", "--json", "What did Ana Costa pay for the gutter repair?"])
        #expect(result.error.contains("folioq: the server counts this prompt at ") && result.error.contains("asking again with fewer passages"),
                "\(result.error)")
        #expect([0, 1].contains(result.status), "answered, or said why it is no answer: \(result.error)")
        let answer = try json(result)
        let passages = try #require(answer["passages"] as? [[String: Any]])
        #expect(!passages.isEmpty && ((answer["tokens"] as? [String: Any])?["prompt"] as? Int ?? 0) <= 512 - 64)
    }

    @Test func aServerThatDiesMidAnswer_endsItWithAnError() throws {
        try configure(port: server.port, extra: "answer_tokens = 1024\n")
        let question = "Write out every invoice in full, with its number, customer, service, date and amount."
        // The server is killed once the first bytes of the answer have come.
        let result = try folio.run("folioq", [], shell: """
            "$PROGRAM" --ask "\(question)" | { head -c 16 > first; kill -9 "$(cat \(pidFile))"; cat > rest; }; echo "${PIPESTATUS[0]}" > status
            """)
        let first = try String(contentsOfFile: folio.home + "/first", encoding: .utf8)
        let status = try String(contentsOfFile: folio.home + "/status", encoding: .utf8)
        #expect(first.count > 0)
        #expect(status == "2\n", "\(result.error)")
        #expect(result.error.hasPrefix("folioq: ") && result.error.contains("incomplete") || result.error.contains("failed"), "\(result.error)")
    }
}
