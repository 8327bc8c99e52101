internal import FolioCore
internal import FoundationEssentials

/// One streamed chat request as a provider's API takes it: where it goes, its headers
/// (the key among them, and nowhere else) and its JSON body.
struct ChatRequest {
    var url: String
    var headers: [String]
    var body: [UInt8]
    var framing: StreamFraming.Kind

    /// The request for `prompt`: the instructions as the system message, the earlier turns
    /// of a conversation as its messages, then the passages and question as the user's,
    /// streamed, the answer limited to `answer_tokens`.
    init(_ prompt: AskPrompt, options: AskOptions, key: String?) {
        let earlier = prompt.history.flatMap { [Message(role: "user", content: $0.question), Message(role: "assistant", content: $0.answer)] }
        if options.provider == .anthropic {
            // The passages as documents with citations on: the API returns the text each
            // sentence cites, which Folio shows and checks against its passage.
            let documents = prompt.passages.map { passage in
                AnthropicBlock(type: "document", source: .init(type: "text", mediaType: "text/plain", data: AskPrompt.text(passage)),
                               title: AskPrompt.heading(passage), citations: .init(enabled: true))
            }
            let question = AnthropicBlock(type: "text", text: "Question: " + prompt.question)
            self.init(system: AskPrompt.documentInstructions, earlier: earlier, last: documents + [question], maxTokens: options.answerTokens,
                      options: options, key: key)
        } else {
            self.init(system: prompt.instructions, earlier: earlier, last: [AnthropicBlock(type: "text", text: prompt.message)],
                      maxTokens: options.answerTokens, options: options, key: key)
        }
    }

    /// A request for a short piece of text outside an answer (a follow-up made into a
    /// question that stands alone): `system`, then `user`, at most `maxTokens` back.
    init(system: String, user: String, maxTokens: Int, options: AskOptions, key: String?) {
        self.init(system: system, earlier: [], last: [AnthropicBlock(type: "text", text: user)], maxTokens: maxTokens, options: options, key: key)
    }

    /// `last`: the final user message's blocks; every provider but Anthropic takes their
    /// texts, joined.
    private init(system: String, earlier: [Message], last: [AnthropicBlock], maxTokens: Int, options: AskOptions, key: String?) {
        let base = options.effectiveURL
        let model = options.effectiveModel
        let lastText = last.compactMap(\.text).joined(separator: "\n\n")
        let messages = [Message(role: "system", content: system)] + earlier + [Message(role: "user", content: lastText)]
        let encoder = JSONEncoder()
        let encoded: Data?
        switch options.provider {
        case .ollama:
            url = base + "/api/chat"
            headers = ["Content-Type: application/json"] + (key.map { ["Authorization: Bearer \($0)"] } ?? [])
            encoded = try? encoder.encode(OllamaChat(model: model, messages: messages, stream: true,
                                                     options: .init(numCtx: options.effectiveContextTokens, numPredict: maxTokens)))
            framing = .lines
        case .openai:
            url = base + "/chat/completions"
            headers = ["Content-Type: application/json", "Accept: text/event-stream"] + (key.map { ["Authorization: Bearer \($0)"] } ?? [])
            encoded = try? encoder.encode(OpenAIChat(model: model.isEmpty ? nil : model, messages: messages, stream: true,
                                                     maxTokens: maxTokens, streamOptions: .init(includeUsage: true)))
            framing = .events
        case .anthropic:
            url = base + "/v1/messages"
            headers = ["Content-Type: application/json", "Accept: text/event-stream", "anthropic-version: 2023-06-01"]
                + (key.map { ["x-api-key: \($0)"] } ?? [])
            let turns = earlier.map { AnthropicMessage(role: $0.role, content: [AnthropicBlock(type: "text", text: $0.content)]) }
            encoded = try? encoder.encode(AnthropicMessages(model: model, maxTokens: maxTokens, system: system,
                                                            messages: turns + [AnthropicMessage(role: "user", content: last)], stream: true))
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
