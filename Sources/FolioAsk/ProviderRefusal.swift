internal import FolioCore
internal import FoundationEssentials
internal import FolioHTTP

/// A provider's refusal (a status other than 2xx, or an error inside the stream) as the
/// `AskError` that says what to do, with the server's own message, any key it quotes
/// taken out.
struct ProviderRefusal {
    let options: AskOptions
    let key: String?

    func error(status: Int, headers: [String: String], body: [UInt8]) -> AskError {
        let reply = try? JSONDecoder().decode(ErrorReply.self, from: Data(body))
        let message = APIKey.redacting(key, in: reply?.message ?? String(decoding: body.prefix(300), as: UTF8.self).trimmingWhitespace())
        return error(status: status, kind: reply?.kind, message: message, retryAfter: Self.retryAfter(headers),
                     promptTokens: reply?.promptTokens, contextTokens: reply?.contextTokens)
    }

    func error(status: Int, kind: String?, message: String, retryAfter: Int? = nil, promptTokens: Int? = nil, contextTokens: Int? = nil) -> AskError {
        let provider = options.provider
        let lowered = (message + " " + (kind ?? "")).lowercased()
        switch status {
        case 401, 403:
            return .keyRefused(provider, status: status, message: message)
        case 429:
            return .rateLimited(provider, retryAfterSeconds: retryAfter, message: message)
        case 404 where provider == .ollama || lowered.contains("model"):
            return .modelMissing(provider, model: options.effectiveModel, message: message)
        case 413:
            return .contextRefused(provider, message: message, promptTokens: promptTokens, contextTokens: contextTokens)
        case 400 where lowered.contains("context") || lowered.contains("too long"):
            return .contextRefused(provider, message: message, promptTokens: promptTokens, contextTokens: contextTokens)
        default:
            if kind == "rate_limit_error" { return .rateLimited(provider, retryAfterSeconds: retryAfter, message: message) }
            if kind == "authentication_error" { return .keyRefused(provider, status: status, message: message) }
            return .server(provider, status: status, message: message.isEmpty ? "no reason given" : message)
        }
    }

    /// An error event inside a stream that began well.
    func midStream(kind: String?, message: String) -> AskError {
        let message = APIKey.redacting(key, in: message)
        switch kind {
        case "rate_limit_error", "rate_limit_exceeded": return .rateLimited(options.provider, retryAfterSeconds: nil, message: message)
        case "authentication_error": return .keyRefused(options.provider, status: 401, message: message)
        default: return .streamFailed(options.provider, message: message.isEmpty ? kind ?? "no reason given" : message)
        }
    }

    /// `retry-after` in seconds (the HTTP-date form is not what these APIs send), else
    /// OpenAI's `x-ratelimit-reset-requests` (`"1s"`, `"6m0s"`), rounded up.
    static func retryAfter(_ headers: [String: String]) -> Int? {
        if let value = headers["retry-after"], let seconds = Double(value) { return Int(seconds.rounded(.up)) }
        guard let reset = headers["x-ratelimit-reset-requests"] ?? headers["x-ratelimit-reset-tokens"] else { return nil }
        var total = 0.0
        var number = ""
        var unit = ""
        for character in reset + " " {
            if character.isNumber || character == "." {
                if !unit.isEmpty {
                    total += (Double(number) ?? 0) * Self.seconds(unit)
                    number = ""
                    unit = ""
                }
                number.append(character)
            } else if character == " " {
                total += (Double(number) ?? 0) * Self.seconds(unit)
            } else {
                unit.append(character)
            }
        }
        return total > 0 ? Int(total.rounded(.up)) : nil
    }

    private static func seconds(_ unit: String) -> Double {
        switch unit {
        case "ms": 0.001
        case "m": 60
        case "h": 3600
        default: 1
        }
    }
}

/// The error bodies of the three APIs: `{"error": "…"}` (Ollama), `{"error": {"message",
/// "type", "code"}}` (OpenAI and the servers that copy it; llama.cpp's server adds
/// `n_prompt_tokens` and `n_ctx` to a context refusal), `{"type": "error", "error":
/// {"type", "message"}}` (Anthropic).
private struct ErrorReply: Decodable {
    var message: String
    var kind: String?
    var promptTokens: Int?
    var contextTokens: Int?

    private enum Keys: String, CodingKey {
        case error, message, type, code
        case promptTokens = "n_prompt_tokens", contextTokens = "n_ctx"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if let text = try? container.decode(String.self, forKey: .error) {
            message = text
        } else {
            let error = try container.nestedContainer(keyedBy: Keys.self, forKey: .error)
            message = (try? error.decode(String.self, forKey: .message)) ?? ""
            kind = (try? error.decode(String.self, forKey: .code)) ?? (try? error.decode(String.self, forKey: .type))
            promptTokens = try? error.decode(Int.self, forKey: .promptTokens)
            contextTokens = try? error.decode(Int.self, forKey: .contextTokens)
        }
    }
}
