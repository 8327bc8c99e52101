public import FolioCore
internal import FolioHTTP
internal import FoundationEssentials
internal import Glibc

/// Vectors from a server: Ollama's `POST /api/embed` or any OpenAI-compatible
/// `POST /v1/embeddings` (llama.cpp's server, LM Studio, vLLM, OpenAI itself). Both take a
/// model name and a list of texts and answer with one vector per text, in order.
public final class RemoteEmbedder: Embedder, @unchecked Sendable {
    public let identity: EmbeddingModelIdentity
    public let batchSize = 32
    let endpoint: String
    let headers: [String]
    let client = HTTPClient()

    public init(options: EmbeddingOptions, paths: FolioPaths, environment: [String: String]) throws(EmbeddingError) {
        identity = EmbeddingModelIdentity(provider: options.provider, model: options.model)
        let base = options.effectiveURL.hasSuffix("/") ? String(options.effectiveURL.dropLast()) : options.effectiveURL
        switch options.provider {
        case .ollama:
            endpoint = base + "/api/embed"
            headers = []
        case .openai:
            endpoint = base + "/embeddings"
            headers = try Self.apiKey(options: options, paths: paths, environment: environment).map { ["Authorization: Bearer \($0)"] } ?? []
        case .local, .none:
            preconditionFailure("RemoteEmbedder serves ollama and openai only")
        }
    }

    public func embed(_ texts: [String]) throws(EmbeddingError) -> [[Float]] {
        guard !texts.isEmpty else { return [] }
        let request = EmbeddingRequest(model: identity.model, input: texts, encodingFormat: identity.provider == .openai ? "float" : nil)
        let body = Array((try? JSONEncoder().encode(request)) ?? Data())
        let response: HTTPClient.Response
        do {
            response = try client.postJSON(endpoint, body: body, headers: headers)
        } catch {
            throw .server(url: endpoint, reason: error.description)
        }
        guard (200..<300).contains(response.status) else {
            throw .server(url: endpoint, reason: Self.explain(status: response.status, body: response.body, provider: identity.provider, model: identity.model))
        }
        let vectors: [[Float]]
        do {
            switch identity.provider {
            case .ollama:
                vectors = try JSONDecoder().decode(OllamaReply.self, from: Data(response.body)).embeddings
            default:
                vectors = try JSONDecoder().decode(OpenAIReply.self, from: Data(response.body)).data.sorted { $0.index < $1.index }.map(\.embedding)
            }
        } catch {
            throw .malformedReply(url: endpoint, reason: "\(error)")
        }
        guard vectors.count == texts.count else {
            throw .malformedReply(url: endpoint, reason: "\(vectors.count) vectors for \(texts.count) texts")
        }
        guard let dimension = vectors.first?.count, dimension > 0, vectors.allSatisfy({ $0.count == dimension }) else {
            throw .malformedReply(url: endpoint, reason: "vectors of different or no lengths")
        }
        return vectors.map(normalised)
    }

    /// A refusal as a person can act on it: the server's own message, and what to do.
    static func explain(status: Int, body: [UInt8], provider: EmbeddingOptions.Provider, model: String) -> String {
        let message = (try? JSONDecoder().decode(ErrorReply.self, from: Data(body)))?.message
            ?? String(decoding: body.prefix(300), as: UTF8.self)
        let advice: String
        switch (provider, status) {
        case (.ollama, 404): advice = " (pull it: `ollama pull \(model)`)"
        case (_, 401), (_, 403): advice = " (check the API key: [embeddings] api_key_file or OPENAI_API_KEY)"
        case (_, 429): advice = " (rate limited; the semantic stage tries again later)"
        default: advice = ""
        }
        return "HTTP \(status): \(message)\(advice)"
    }

    /// The key from `api_key_file` (which must be readable by its owner only), else from
    /// `OPENAI_API_KEY`. Never from the command line, never logged.
    static func apiKey(options: EmbeddingOptions, paths: FolioPaths, environment: [String: String]) throws(EmbeddingError) -> String? {
        let file = options.apiKeyFile.isEmpty ? "" : paths.expandingTilde(options.apiKeyFile)
        do {
            return try APIKey.read(file: file, variable: "OPENAI_API_KEY", environment: environment)
        } catch let .keyFile(path, reason) {
            throw .modelFile(path: path, reason: "(the API key file) \(reason)")
        } catch {
            throw .modelFile(path: file, reason: "(the API key file) \(error)")
        }
    }
}

private struct EmbeddingRequest: Encodable {
    var model: String
    var input: [String]
    var encodingFormat: String?

    enum CodingKeys: String, CodingKey {
        case model, input, encodingFormat = "encoding_format"
    }
}

private struct OllamaReply: Decodable {
    var embeddings: [[Float]]
}

private struct OpenAIReply: Decodable {
    struct Item: Decodable {
        var index: Int
        var embedding: [Float]
    }

    var data: [Item]
}

/// `{"error": "…"}` (Ollama) or `{"error": {"message": "…"}}` (OpenAI).
private struct ErrorReply: Decodable {
    var message: String

    private enum Keys: String, CodingKey {
        case error, message
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if let text = try? container.decode(String.self, forKey: .error) {
            message = text
        } else {
            message = try container.nestedContainer(keyedBy: Keys.self, forKey: .error).decode(String.self, forKey: .message)
        }
    }
}
