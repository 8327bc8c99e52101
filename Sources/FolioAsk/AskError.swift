public import FolioCore

/// What kept a question from being answered, said as a person can act on it: what failed
/// and what to do.
public enum AskError: Error, Equatable, CustomStringConvertible {
    /// No exchange with the server (refused, no such host, TLS).
    case notRunning(AskOptions.Provider, url: String, model: String, reason: String)
    /// The server does not have the model.
    case modelMissing(AskOptions.Provider, model: String, message: String)
    /// The provider needs a key and none was found.
    case keyMissing(AskOptions.Provider)
    /// The key file is missing, unreadable or readable by others.
    case keyFile(path: String, reason: String)
    /// The server refused the key (401, 403).
    case keyRefused(AskOptions.Provider, status: Int, message: String)
    /// Too many requests: how long the server asks to wait, when it says.
    case rateLimited(AskOptions.Provider, retryAfterSeconds: Int?, message: String)
    /// Nothing came for `seconds`, twice (or once after part of the answer had come).
    case timedOut(url: String, seconds: Int, partial: Bool)
    /// The question and instructions, with the room kept for the answer, leave no room
    /// for a passage in `context_tokens`.
    case contextTooSmall(contextTokens: Int, needed: Int)
    /// The server said the prompt is longer than the model's context, with its own count
    /// of the prompt and its context's size when it says them (llama.cpp's server does).
    case contextRefused(AskOptions.Provider, message: String, promptTokens: Int? = nil, contextTokens: Int? = nil)
    /// The exchange failed without an answer from the provider's API (TLS, an empty
    /// reply, a proxy in between).
    case exchangeFailed(url: String, reason: String)
    /// An error sent inside the stream, after the answer had begun.
    case streamFailed(AskOptions.Provider, message: String)
    /// Any other refusal or failure the server reported.
    case server(AskOptions.Provider, status: Int, message: String)
    /// The server's answer did not have its protocol's shape.
    case malformed(url: String, reason: String)
    /// Ctrl-C.
    case interrupted

    public var description: String {
        switch self {
        case let .notRunning(provider, url, model, reason):
            switch provider {
            case .ollama:
                "Ollama is not running at \(url) (\(reason)): start it with `ollama serve`, then `ollama pull \(model)`"
            case .openai:
                "no OpenAI-compatible server answers at \(url) (\(reason)): start one (`llama-server -m MODEL.gguf -c 8192 --port 8080`) or set [ask] url"
            case .anthropic:
                "cannot reach Anthropic at \(url) (\(reason)): check the network connection"
            }
        case let .modelMissing(provider, model, message):
            provider == .ollama
                ? "Ollama has no model \"\(model)\" (\(message)): `ollama pull \(model)`, or set [ask] model to one `ollama list` shows"
                : "the server has no model \"\(model)\" (\(message)): set [ask] model to one it serves"
        case let .keyMissing(provider):
            "\(provider.displayName) needs an API key: set \(provider.keyVariable) or [ask] api_key_file (a file only you can read)"
        case let .keyFile(path, reason):
            "the API key file \(path) \(reason)"
        case let .keyRefused(provider, status, message):
            "\(provider.displayName) refused the API key (HTTP \(status): \(message)): check \(provider.keyVariable) or [ask] api_key_file"
        case let .rateLimited(provider, seconds, message):
            "\(provider.displayName) is rate limiting requests (\(message)): "
                + (seconds.map { "try again in \($0) s" } ?? "wait a little and try again")
        case let .timedOut(url, seconds, partial):
            partial
                ? "\(url) stopped sending the answer for \(seconds) s: the answer above is incomplete"
                : "\(url) sent nothing for \(seconds) s, twice: is the model still loading? Try again, or raise [ask] timeout_seconds"
        case let .contextTooSmall(contextTokens, needed):
            "[ask] context_tokens = \(contextTokens) leaves no room for a passage (the question, instructions and answer_tokens take \(needed)): raise context_tokens or lower answer_tokens"
        case let .contextRefused(provider, message, _, _):
            "\(provider.displayName) says the prompt is longer than the model's context (\(message)): lower [ask] context_tokens to the model's window"
        case let .exchangeFailed(url, reason):
            "the exchange with \(url) failed (\(reason)): is [ask] url the provider's address?"
        case let .streamFailed(provider, message):
            "\(provider.displayName) stopped with an error (\(message)); the answer above is incomplete"
        case let .server(provider, status, message):
            "\(provider.displayName) answered HTTP \(status): \(message)"
        case let .malformed(url, reason):
            "\(url) answered in an unexpected shape: \(reason)"
        case .interrupted:
            "interrupted"
        }
    }
}

extension AskOptions.Provider {
    public var displayName: String {
        switch self {
        case .ollama: "Ollama"
        case .openai: "the OpenAI-compatible server"
        case .anthropic: "Anthropic"
        }
    }
}
