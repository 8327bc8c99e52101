/// Answers from the index (`folioq --ask`): which language model writes them (`[ask]`).
/// Separate from `[embeddings]`: the model that finds passages by meaning is not the one
/// that answers from them.
public struct AskOptions: Sendable, Equatable {
    public enum Provider: String, Sendable, CaseIterable, Codable {
        /// An Ollama server's `/api/chat`, streamed as lines of JSON.
        case ollama
        /// Any OpenAI-compatible server's `/v1/chat/completions` (llama.cpp's server, LM
        /// Studio, vLLM, OpenAI itself), streamed as server-sent events.
        case openai
        /// Anthropic's Messages API, streamed as server-sent events.
        case anthropic
    }

    public var provider: Provider
    /// The model's name on the server; empty: `defaultModel`.
    public var model: String
    /// The server; empty: `effectiveURL`'s default for the provider.
    public var url: String
    /// A file holding the API key, readable by its owner only; empty: the environment's
    /// `OPENAI_API_KEY` or `ANTHROPIC_API_KEY`.
    public var apiKeyFile: String
    /// The model's context window in tokens: question, instructions, passages and answer
    /// must fit. 0: `effectiveContextTokens`'s default for the provider.
    public var contextTokens: Int
    /// Tokens kept for the answer (sent as its limit).
    public var answerTokens: Int
    /// The most passages given to the model.
    public var passages: Int
    /// Give up on a provider that sends nothing for this long (a first answer may wait for
    /// the model to load), after one retry.
    public var timeoutSeconds: Int
    /// Whether the model is asked to copy the passage's words it relies on into each
    /// citation (`[1: "…"]`); Anthropic's citations say them without asking. A very small
    /// model may answer worse for the longer instructions (docs/benchmarks.md).
    public var quotes: Bool
    /// How `folio chat` searches for a question that follows others (`FollowUps`).
    public var followUps: FollowUps
    /// The most earlier turns of a conversation sent with a question (its answers' text,
    /// not their passages); older ones are left out, and so are any the context cannot hold.
    public var historyTurns: Int

    /// Whether `folio chat` gives the model Folio's `search` and `read` tools (a model or
    /// server that refuses them is answered without, and says so).
    public var tools: Bool
    /// The most rounds of tool calls in one turn; past them the model answers from what it has.
    public var toolSteps: Int
    /// The most passages the tools hand over in one turn.
    public var toolPassages: Int

    /// How a follow-up ("and in 2022?") is searched for.
    public enum FollowUps: String, Sendable, CaseIterable, Codable {
        /// The model makes it into a question that stands alone first (one short request
        /// more per turn); what it wrote is searched.
        case rewrite
        /// The question before it is searched with it, as one query.
        case withPrevious = "with-previous"
        /// As typed.
        case asTyped = "as-typed"
    }

    public init(provider: Provider, model: String, url: String, apiKeyFile: String, contextTokens: Int, answerTokens: Int, passages: Int,
                timeoutSeconds: Int, quotes: Bool = true, followUps: FollowUps = .withPrevious, historyTurns: Int = 6, tools: Bool = true,
                toolSteps: Int = 4, toolPassages: Int = 16) {
        self.tools = tools
        self.toolSteps = toolSteps
        self.toolPassages = toolPassages
        self.followUps = followUps
        self.historyTurns = historyTurns
        self.provider = provider
        self.model = model
        self.url = url
        self.apiKeyFile = apiKeyFile
        self.contextTokens = contextTokens
        self.answerTokens = answerTokens
        self.passages = passages
        self.timeoutSeconds = timeoutSeconds
        self.quotes = quotes
    }

    public var effectiveURL: String {
        let url = self.url.isEmpty ? provider.defaultURL : self.url
        return url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    public var effectiveModel: String { model.isEmpty ? provider.defaultModel : model }

    public var effectiveContextTokens: Int { contextTokens > 0 ? contextTokens : provider.defaultContextTokens }
}

extension AskOptions.Provider {
    public var defaultURL: String {
        switch self {
        case .ollama: "http://127.0.0.1:11434"
        case .openai: "http://127.0.0.1:8080/v1"
        case .anthropic: "https://api.anthropic.com"
        }
    }

    /// Ollama's small general model and Anthropic's mid-size one; an OpenAI-compatible
    /// server is sent no model name (llama.cpp's server answers with the one it loaded).
    public var defaultModel: String {
        switch self {
        case .ollama: "llama3.2"
        case .openai: ""
        case .anthropic: "claude-sonnet-4-5"
        }
    }

    /// What the context budget is when `context_tokens` is 0. Ollama is sent it
    /// (`num_ctx`), since its own default (2,048 or 4,096 tokens, by version) would cut
    /// the passages short without a word; a local OpenAI-compatible server is usually
    /// started with 8,192 (`llama-server -c 8192`); Anthropic's models take 200,000, of
    /// which 16,000 is plenty for a dozen passages and costs less.
    public var defaultContextTokens: Int {
        switch self {
        case .ollama, .openai: 8192
        case .anthropic: 16_000
        }
    }

    /// Where the API key is looked for when no file is named.
    public var keyVariable: String {
        switch self {
        case .ollama: "OLLAMA_API_KEY"
        case .openai: "OPENAI_API_KEY"
        case .anthropic: "ANTHROPIC_API_KEY"
        }
    }
}
