@testable import FolioAsk
import FolioCore
import Testing

/// Each provider's stream and refusals read as their documentation shows them.
struct ChatStreamTests {
    static func events(_ provider: AskOptions.Provider, _ body: String) throws -> [ChatEvent] {
        var framing = StreamFraming(provider == .ollama ? .lines : .events)
        let stream = ChatStream(provider: provider, url: "http://x")
        return try (framing.add(Array(body.utf8)) + framing.finish()).flatMap { unit throws(AskError) in try stream.events(unit) }
    }

    @Test func ollamaLinesOfJSON() throws {
        let body = """
            {"model":"llama3.2","created_at":"2026-11-24T10:00:00Z","message":{"role":"assistant","content":"Paid"},"done":false}
            {"model":"llama3.2","created_at":"2026-11-24T10:00:00Z","message":{"role":"assistant","content":" 480 EUR [1]."},"done":false}
            {"model":"llama3.2","created_at":"2026-11-24T10:00:01Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":5,"prompt_eval_count":812,"eval_count":9}
            """
        #expect(try Self.events(.ollama, body) == [.text("Paid"), .text(" 480 EUR [1]."), .usage(prompt: 812, answer: 9), .finished(reason: "stop")])
        #expect(try Self.events(.ollama, "{\"error\":\"model runner has unexpectedly stopped\"}\n")
            == [.failure(kind: nil, message: "model runner has unexpectedly stopped")])
    }

    @Test func openAIServerSentEvents() throws {
        let body = """
            data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}

            data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Paid [1]."},"finish_reason":null}]}

            data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"length"}]}

            data: {"id":"c","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":700,"completion_tokens":3,"total_tokens":703}}

            data: [DONE]


            """
        #expect(try Self.events(.openai, body) == [.text("Paid [1]."), .finished(reason: "length"), .usage(prompt: 700, answer: 3), .finished(reason: nil)])
    }

    @Test func anthropicServerSentEvents() throws {
        let body = """
            event: message_start
            data: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"usage":{"input_tokens":650,"output_tokens":1}}}

            event: content_block_start
            data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

            event: ping
            data: {"type": "ping"}

            event: content_block_delta
            data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Paid [1]."}}

            event: message_delta
            data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":5}}

            event: message_stop
            data: {"type":"message_stop"}

            event: error
            data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}


            """
        #expect(try Self.events(.anthropic, body) == [.usage(prompt: 650, answer: nil), .text("Paid [1]."), .usage(prompt: nil, answer: 5),
                                                      .finished(reason: "end_turn"), .finished(reason: nil),
                                                      .failure(kind: "overloaded_error", message: "Overloaded")])
    }

    /// With the passages as documents, a text block's citations come as `citations_delta`s,
    /// each with the text it cites; the block's end places them.
    @Test func anthropicCitationsDeltas() throws {
        let body = """
            event: content_block_start
            data: {"type":"content_block_start","index":1,"content_block":{"type":"text","text":"","citations":[]}}

            event: content_block_delta
            data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"the repair cost 480 EUR"}}

            event: content_block_delta
            data: {"type":"content_block_delta","index":1,"delta":{"type":"citations_delta","citation":{"type":"char_location","cited_text":"The invoice came to 480 EUR.","document_index":2,"document_title":"[3] car.txt","start_char_index":10,"end_char_index":38}}}

            event: content_block_stop
            data: {"type":"content_block_stop","index":1}


            """
        #expect(try Self.events(.anthropic, body) == [.text("the repair cost 480 EUR"), .citation(number: 3, quote: "The invoice came to 480 EUR."), .blockEnd])
    }

    @Test func aLineThatIsNotTheProtocolsIsAnError() {
        #expect(throws: AskError.self) { try Self.events(.ollama, "<html>proxy error</html>\n") }
    }

    @Test func refusalsSayWhatToDo() {
        var options = FolioConfiguration.default.ask
        options.provider = .openai
        options.model = "gpt-x"
        let refusal = ProviderRefusal(options: options, key: "sk-secret-123")
        let body = Array(#"{"error":{"message":"Incorrect API key provided: sk-secret-123.","type":"invalid_request_error","code":"invalid_api_key"}}"#.utf8)
        #expect(refusal.error(status: 401, headers: [:], body: body)
            == .keyRefused(.openai, status: 401, message: "Incorrect API key provided: [key]."))
        #expect(refusal.error(status: 429, headers: ["x-ratelimit-reset-requests": "6m0s"], body: Array("{}".utf8))
            == .rateLimited(.openai, retryAfterSeconds: 360, message: "{}"))
        let context = Array(#"{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error"}}"#.utf8)
        #expect(refusal.error(status: 400, headers: [:], body: context)
            == .contextRefused(.openai, message: "the request exceeds the available context size, try increasing it"))
        // llama.cpp's server says its own count of the prompt and its context's size.
        let counted = Array(#"{"error":{"code":400,"message":"request (8333 tokens) exceeds the available context size (8192 tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":8333,"n_ctx":8192}}"#.utf8)
        #expect(refusal.error(status: 400, headers: [:], body: counted)
            == .contextRefused(.openai, message: "request (8333 tokens) exceeds the available context size (8192 tokens), try increasing it",
                               promptTokens: 8333, contextTokens: 8192))
        #expect(ProviderRefusal.retryAfter(["retry-after": "17"]) == 17)
        #expect(ProviderRefusal.retryAfter(["x-ratelimit-reset-tokens": "250ms"]) == 1)
    }
}
