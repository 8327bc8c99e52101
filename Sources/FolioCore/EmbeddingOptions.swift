/// Semantic search: where the vectors of chunks and queries come from (`[embeddings]`).
public struct EmbeddingOptions: Sendable, Equatable {
    public enum Provider: String, Sendable, CaseIterable, Codable {
        /// all-MiniLM-L6-v2 (or another ONNX sentence-transformer) through ONNX Runtime,
        /// on this machine.
        case local
        /// An Ollama server's `/api/embed`.
        case ollama
        /// Any OpenAI-compatible server's `/v1/embeddings`.
        case openai
        /// Lexical search only.
        case none
    }

    public var provider: Provider
    /// `local`: a model folder (with `model.onnx` and `tokenizer.json`), a path or a name
    /// under the data folders' `folio/models`; `ollama`, `openai`: the server's model name.
    public var model: String
    /// `ollama`, `openai`: the server's address (`http://127.0.0.1:11434`, `http://127.0.0.1:8080/v1`).
    public var url: String
    /// `local`: ONNX Runtime's library (`libonnxruntime.so.1`); empty: found in the data
    /// folders' `folio/onnxruntime`.
    public var runtime: String
    /// `openai`: a file holding the API key, readable by its owner only; empty: the
    /// environment's `OPENAI_API_KEY`, if any.
    public var apiKeyFile: String
    /// The embedder process ends after this many minutes without work or queries.
    public var idleMinutes: Int

    public init(provider: Provider, model: String, url: String, runtime: String, apiKeyFile: String, idleMinutes: Int) {
        self.provider = provider
        self.model = model
        self.url = url
        self.runtime = runtime
        self.apiKeyFile = apiKeyFile
        self.idleMinutes = idleMinutes
    }

    /// The server address a provider uses when `url` is empty.
    public var effectiveURL: String {
        if !url.isEmpty { return url }
        switch provider {
        case .ollama: return "http://127.0.0.1:11434"
        case .openai: return "http://127.0.0.1:8080/v1"
        case .local, .none: return ""
        }
    }
}
