internal import FolioCore
internal import FoundationEssentials

/// One streamed chat request as a provider's API takes it: where it goes, its headers
/// (the key among them, and nowhere else) and its JSON body.
struct ChatRequest {
    var url: String
    var headers: [String]
    var body: [UInt8]
    var framing: StreamFraming.Kind

    /// The request for `prompt`: the instructions as the system message, the passages and
    /// question as the user's, streamed, the answer limited to `answer_tokens`.
    init(_ prompt: AskPrompt, options: AskOptions, key: String?) {
        let base = options.effectiveURL
        let model = options.effectiveModel
        let messages = [Message(role: "system", content: AskPrompt.instructions), Message(role: "user", content: prompt.message)]
        let encoder = JSONEncoder()
        let encoded: Data?
        switch options.provider {
        case .ollama:
            url = base + "/api/chat"
            headers = ["Content-Type: application/json"] + (key.map { ["Authorization: Bearer \($0)"] } ?? [])
            encoded = try? encoder.encode(OllamaChat(model: model, messages: messages, stream: true,
                                                     options: .init(numCtx: options.effectiveContextTokens, numPredict: options.answerTokens)))
            framing = .lines
        case .openai:
            url = base + "/chat/completions"
            headers = ["Content-Type: application/json", "Accept: text/event-stream"] + (key.map { ["Authorization: Bearer \($0)"] } ?? [])
            encoded = try? encoder.encode(OpenAIChat(model: model.isEmpty ? nil : model, messages: messages, stream: true,
                                                     maxTokens: options.answerTokens, streamOptions: .init(includeUsage: true)))
            framing = .events
        case .anthropic:
            url = base + "/v1/messages"
            headers = ["Content-Type: application/json", "Accept: text/event-stream", "anthropic-version: 2023-06-01"]
                + (key.map { ["x-api-key: \($0)"] } ?? [])
            encoded = try? encoder.encode(AnthropicMessages(model: model, maxTokens: options.answerTokens, system: AskPrompt.instructions,
                                                            messages: [Message(role: "user", content: prompt.message)], stream: true))
            framing = .events
        }
        body = Array(encoded ?? Data())
    }
}

private struct Message: Encodable {
    var role: String
    var content: String
}

/// `POST /api/chat` (Ollama's API documentation).
private struct OllamaChat: Encodable {
    struct Options: Encodable {
        var numCtx: Int
        var numPredict: Int

        enum CodingKeys: String, CodingKey {
            case numCtx = "num_ctx", numPredict = "num_predict"
        }
    }

    var model: String
    var messages: [Message]
    var stream: Bool
    var options: Options
}

/// `POST /v1/chat/completions` (OpenAI's API reference; what llama.cpp's server, LM
/// Studio and vLLM take). `max_tokens` rather than the newer `max_completion_tokens`,
/// which the local servers do not all read.
private struct OpenAIChat: Encodable {
    struct StreamOptions: Encodable {
        var includeUsage: Bool

        enum CodingKeys: String, CodingKey {
            case includeUsage = "include_usage"
        }
    }

    var model: String?
    var messages: [Message]
    var stream: Bool
    var maxTokens: Int
    var streamOptions: StreamOptions

    enum CodingKeys: String, CodingKey {
        case model, messages, stream, maxTokens = "max_tokens", streamOptions = "stream_options"
    }
}

/// `POST /v1/messages` (Anthropic's Messages API).
private struct AnthropicMessages: Encodable {
    var model: String
    var maxTokens: Int
    var system: String
    var messages: [Message]
    var stream: Bool

    enum CodingKeys: String, CodingKey {
        case model, maxTokens = "max_tokens", system, messages, stream
    }
}
