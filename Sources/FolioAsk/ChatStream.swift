internal import FolioCore
internal import FoundationEssentials

/// What a provider's stream says, whatever its wire format.
enum ChatEvent: Equatable {
    /// More of the answer.
    case text(String)
    /// Token counts the provider reports (each when it knows it).
    case usage(prompt: Int?, answer: Int?)
    /// The answer is complete; why it stopped (`stop`, `length`, `max_tokens`…).
    case finished(reason: String?)
    /// An error sent inside the stream, after a 200.
    case failure(kind: String?, message: String)
    /// The provider's own citation of passage `number` (from 1) for the text block being
    /// streamed, with the text it cites (Anthropic's `citations_delta`).
    case citation(number: Int, quote: String)
    /// A content block ended: the citations made for it belong after its text.
    case blockEnd
    /// A tool call, or a piece of one (`ToolCallCollector`): `index` is its place in the
    /// stream (`nil` for one sent whole), `arguments` more of its JSON text.
    case toolCall(index: Int?, id: String?, name: String?, arguments: String)
}

/// Reads the units of one provider's stream (`StreamFraming`) as `ChatEvent`s.
struct ChatStream {
    let provider: AskOptions.Provider
    let url: String

    func events(_ unit: StreamFraming.Unit) throws(AskError) -> [ChatEvent] {
        if provider == .openai, unit.data == "[DONE]" { return [.finished(reason: nil)] }
        let data = Data(unit.data.utf8)
        do {
            switch provider {
            case .ollama: return try Self.ollama(JSONDecoder().decode(OllamaLine.self, from: data))
            case .openai: return try Self.openAI(JSONDecoder().decode(OpenAIChunk.self, from: data))
            case .anthropic: return try Self.anthropic(event: unit.event, JSONDecoder().decode(AnthropicEvent.self, from: data))
            }
        } catch {
            throw .malformed(url: url, reason: "\(String(unit.data.prefix(200))): \(error)")
        }
    }

    /// `{"message": {"role": "assistant", "content": "…"}, "done": false}` lines, the last
    /// with `"done": true` and the counts; `{"error": "…"}` for a failure mid-stream.
    private static func ollama(_ line: OllamaLine) -> [ChatEvent] {
        if let error = line.error { return [.failure(kind: nil, message: error)] }
        var events: [ChatEvent] = []
        if let content = line.message?.content, !content.isEmpty { events.append(.text(content)) }
        for call in line.message?.toolCalls ?? [] {
            events.append(.toolCall(index: nil, id: call.id, name: call.function?.name, arguments: call.function?.arguments?.text ?? "{}"))
        }
        if line.done == true {
            events.append(.usage(prompt: line.promptEvalCount, answer: line.evalCount))
            events.append(.finished(reason: line.doneReason))
        }
        return events
    }

    /// `data: {"choices": [{"delta": {"content": "…"}, "finish_reason": null}]}` chunks, a
    /// last one with `usage` and no choices (`stream_options.include_usage`), then
    /// `data: [DONE]`; `{"error": {…}}` for a failure mid-stream.
    private static func openAI(_ chunk: OpenAIChunk) -> [ChatEvent] {
        if let error = chunk.error { return [.failure(kind: error.type ?? error.code, message: error.message ?? "")] }
        var events: [ChatEvent] = []
        for choice in chunk.choices ?? [] {
            if let content = choice.delta?.content, !content.isEmpty { events.append(.text(content)) }
            for (position, call) in (choice.delta?.toolCalls ?? []).enumerated() {
                events.append(.toolCall(index: call.index ?? position, id: call.id, name: call.function?.name, arguments: call.function?.arguments ?? ""))
            }
        }
        if let usage = chunk.usage { events.append(.usage(prompt: usage.promptTokens, answer: usage.completionTokens)) }
        if let reason = chunk.choices?.compactMap(\.finishReason).first { events.append(.finished(reason: reason)) }
        return events
    }

    /// `message_start` (input tokens), `content_block_delta` with `text_delta`s and
    /// `citations_delta`s, `content_block_stop`, `message_delta` (stop reason, output
    /// tokens), `message_stop`; `error` events; `ping` says nothing to Folio.
    private static func anthropic(event: String?, _ body: AnthropicEvent) -> [ChatEvent] {
        switch body.type ?? event {
        case "message_start":
            return [.usage(prompt: body.message?.usage?.inputTokens, answer: nil)]
        case "content_block_start":
            guard let block = body.contentBlock, block.type == "tool_use" else { return [] }
            return [.toolCall(index: body.index ?? 0, id: block.id, name: block.name, arguments: "")]
        case "content_block_delta":
            if body.delta?.type == "input_json_delta" {
                return [.toolCall(index: body.index ?? 0, id: nil, name: nil, arguments: body.delta?.partialJSON ?? "")]
            }
            if body.delta?.type == "citations_delta", let citation = body.delta?.citation, let index = citation.documentIndex {
                return [.citation(number: index + 1, quote: citation.citedText ?? "")]
            }
            guard body.delta?.type == "text_delta", let text = body.delta?.text, !text.isEmpty else { return [] }
            return [.text(text)]
        case "content_block_stop":
            return [.blockEnd]
        case "message_delta":
            var events: [ChatEvent] = [.usage(prompt: nil, answer: body.usage?.outputTokens)]
            if let reason = body.delta?.stopReason { events.append(.finished(reason: reason)) }
            return events
        case "message_stop":
            return [.finished(reason: nil)]
        case "error":
            return [.failure(kind: body.error?.type, message: body.error?.message ?? "")]
        default:
            return []
        }
    }
}

private struct OllamaLine: Decodable {
    struct Message: Decodable {
        var content: String?
        var toolCalls: [ToolCall]?

        enum CodingKeys: String, CodingKey {
            case content, toolCalls = "tool_calls"
        }
    }

    /// `{"function": {"name": "…", "arguments": {…}}}`: the arguments an object, whole.
    struct ToolCall: Decodable {
        struct Function: Decodable {
            var name: String?
            var arguments: JSONValue?
        }

        var id: String?
        var function: Function?
    }

    var message: Message?
    var done: Bool?
    var doneReason: String?
    var promptEvalCount: Int?
    var evalCount: Int?
    var error: String?

    enum CodingKeys: String, CodingKey {
        case message, done, doneReason = "done_reason", promptEvalCount = "prompt_eval_count", evalCount = "eval_count", error
    }
}

/// OpenAI's error object, in a stream or a refusal's body.
struct OpenAIErrorBody: Decodable {
    var message: String?
    var type: String?
    var code: String?

    enum CodingKeys: String, CodingKey {
        case message, type, code
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        type = try? container.decodeIfPresent(String.self, forKey: .type)
        // `code` is a string at OpenAI, a number at some local servers.
        code = (try? container.decodeIfPresent(String.self, forKey: .code)) ?? (try? container.decodeIfPresent(Int.self, forKey: .code)).flatMap { $0.map(String.init) }
    }
}

private struct OpenAIChunk: Decodable {
    struct Choice: Decodable {
        struct Delta: Decodable {
            var content: String?
            var toolCalls: [ToolCall]?

            enum CodingKeys: String, CodingKey {
                case content, toolCalls = "tool_calls"
            }
        }

        /// `{"index": 0, "id": "call_…", "type": "function", "function": {"name": "…",
        /// "arguments": "{\"qu"}}`, the arguments' text in pieces over several chunks.
        struct ToolCall: Decodable {
            struct Function: Decodable {
                var name: String?
                var arguments: String?
            }

            var index: Int?
            var id: String?
            var function: Function?
        }

        var delta: Delta?
        var finishReason: String?

        enum CodingKeys: String, CodingKey {
            case delta, finishReason = "finish_reason"
        }
    }

    struct Usage: Decodable {
        var promptTokens: Int?
        var completionTokens: Int?

        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens", completionTokens = "completion_tokens"
        }
    }

    var choices: [Choice]?
    var usage: Usage?
    var error: OpenAIErrorBody?
}

/// Anthropic's error object, in an `error` event or a refusal's body.
struct AnthropicErrorBody: Decodable {
    var type: String?
    var message: String?
}

private struct AnthropicEvent: Decodable {
    struct Message: Decodable {
        var usage: Usage?
    }

    struct Usage: Decodable {
        var inputTokens: Int?
        var outputTokens: Int?

        enum CodingKeys: String, CodingKey {
            case inputTokens = "input_tokens", outputTokens = "output_tokens"
        }
    }

    struct Delta: Decodable {
        var type: String?
        var text: String?
        var stopReason: String?
        var citation: Citation?
        var partialJSON: String?

        enum CodingKeys: String, CodingKey {
            case type, text, citation, stopReason = "stop_reason", partialJSON = "partial_json"
        }
    }

    /// `content_block_start`'s block: a `tool_use` names its call.
    struct ContentBlock: Decodable {
        var type: String?
        var id: String?
        var name: String?
    }

    /// A `char_location` citation: which document, and the text it cites.
    struct Citation: Decodable {
        var documentIndex: Int?
        var citedText: String?

        enum CodingKeys: String, CodingKey {
            case documentIndex = "document_index", citedText = "cited_text"
        }
    }

    var type: String?
    var index: Int?
    var contentBlock: ContentBlock?
    var message: Message?
    var delta: Delta?
    var usage: Usage?
    var error: AnthropicErrorBody?

    enum CodingKeys: String, CodingKey {
        case type, index, message, delta, usage, error, contentBlock = "content_block"
    }
}
