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
        let messages = [Message(role: "system", content: prompt.instructions), Message(role: "user", content: prompt.message)]
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
            // The passages as documents with citations on: the API returns the text each
            // sentence cites, which Folio shows and checks against its passage.
            let documents = prompt.passages.map { passage in
                AnthropicBlock(type: "document", source: .init(type: "text", mediaType: "text/plain", data: AskPrompt.text(passage)),
                               title: AskPrompt.heading(passage), citations: .init(enabled: true))
            }
            let question = AnthropicBlock(type: "text", text: "Question: " + prompt.question)
            encoded = try? encoder.encode(AnthropicMessages(model: model, maxTokens: options.answerTokens, system: AskPrompt.documentInstructions,
                                                            messages: [AnthropicMessage(role: "user", content: documents + [question])], stream: true))
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

/// `POST /v1/messages` (Anthropic's Messages API), the passages as documents with
/// citations enabled (Anthropic's citations documentation).
private struct AnthropicMessages: Encodable {
    var model: String
    var maxTokens: Int
    var system: String
    var messages: [AnthropicMessage]
    var stream: Bool

    enum CodingKeys: String, CodingKey {
        case model, maxTokens = "max_tokens", system, messages, stream
    }
}

private struct AnthropicMessage: Encodable {
    var role: String
    var content: [AnthropicBlock]
}

/// A content block: `text`, or a `document` of plain text with its title.
private struct AnthropicBlock: Encodable {
    struct Source: Encodable {
        var type: String
        var mediaType: String
        var data: String

        enum CodingKeys: String, CodingKey {
            case type, data, mediaType = "media_type"
        }
    }

    struct Citations: Encodable {
        var enabled: Bool
    }

    var type: String
    var text: String?
    var source: Source?
    var title: String?
    var citations: Citations?

    init(type: String, text: String? = nil, source: Source? = nil, title: String? = nil, citations: Citations? = nil) {
        self.type = type
        self.text = text
        self.source = source
        self.title = title
        self.citations = citations
    }
}
