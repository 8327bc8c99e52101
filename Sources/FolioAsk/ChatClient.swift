public import FolioCore
internal import FolioHTTP
internal import FolioSystem

/// Sends a prompt to the configured provider and streams the answer back, a piece at a
/// time: the one place Folio talks to a language model (only `folioq` does, never
/// `foliod`).
public struct ChatClient: Sendable {
    public let options: AskOptions
    let key: String?

    /// What came back besides the text: the provider's token counts and why it stopped.
    public struct Outcome: Sendable, Equatable {
        public var promptTokens: Int?
        public var answerTokens: Int?
        public var finishReason: String?
        /// Seconds from the request to the first piece of the answer.
        public var firstTextSeconds: Double?
        /// The tools the model called instead of (or after) answering, whole.
        public var toolCalls: [ToolCall] = []

        public init() {}
    }

    /// Reads the key (`keyFile`, already expanded, else the provider's environment
    /// variable); Anthropic's API cannot be used without one.
    public init(options: AskOptions, keyFile: String, environment: [String: String]) throws(AskError) {
        self.options = options
        do {
            key = try APIKey.read(file: keyFile, variable: options.provider.keyVariable, environment: environment)
        } catch let .keyFile(path, reason) {
            throw .keyFile(path: path, reason: reason)
        } catch {
            throw .keyFile(path: keyFile, reason: error.description)
        }
        if options.provider == .anthropic, key == nil { throw .keyMissing(.anthropic) }
    }

    /// Streams the answer to `prompt`, each piece to `onText` as it arrives. A provider
    /// that sends nothing for `[ask] timeout_seconds` is asked once more; one that stops
    /// after part of the answer is not (the part is already shown).
    /// `onQuote` gets the text a provider itself says each citation cites (Anthropic's
    /// citations), as the citation's `[n]` goes to `onText` after the text it cites.
    public func answer(_ prompt: AskPrompt, onText: (String) -> Void, onQuote: (Int, String) -> Void = { _, _ in }) throws(AskError) -> Outcome {
        let request = ChatRequest(prompt, options: options, key: key)
        let client = HTTPClient(timeoutMilliseconds: 0, connectMilliseconds: min(10, options.timeoutSeconds) * 1000,
                                stallSeconds: options.timeoutSeconds)
        do {
            return try exchange(request, client: client, onText: onText, onQuote: onQuote)
        } catch .timedOut(_, _, partial: false) {
            return try exchange(request, client: client, onText: onText, onQuote: onQuote)
        }
    }

    /// One round of a turn with tools (`ChatRequest`'s tools form): the text streamed to
    /// `onText`, the calls the model made in `Outcome.toolCalls`. Not asked again on a
    /// silence, as `answer` is: a round is part of a turn already under way.
    public func step(system: String, history: [AskPrompt.Exchange], message: String, steps: [ToolStep], tools: [ToolSpec],
                     onText: (String) -> Void) throws(AskError) -> Outcome {
        let request = ChatRequest(system: system, history: history, message: message, steps: steps, tools: tools, maxTokens: options.answerTokens,
                                  options: options, key: key)
        let client = HTTPClient(timeoutMilliseconds: 0, connectMilliseconds: min(10, options.timeoutSeconds) * 1000,
                                stallSeconds: options.timeoutSeconds)
        return try exchange(request, client: client, onText: onText, onQuote: { _, _ in })
    }

    /// A short text the model writes for Folio itself, not shown as an answer (a follow-up
    /// made into a question that stands alone): `system` and `user` sent, the text
    /// collected, at most `maxTokens`.
    public func complete(system: String, user: String, maxTokens: Int) throws(AskError) -> String {
        let request = ChatRequest(system: system, user: user, maxTokens: maxTokens, options: options, key: key)
        let client = HTTPClient(timeoutMilliseconds: 0, connectMilliseconds: min(10, options.timeoutSeconds) * 1000,
                                stallSeconds: options.timeoutSeconds)
        var text = ""
        _ = try exchange(request, client: client, onText: { text += $0 }, onQuote: { _, _ in })
        return text
    }

    private func exchange(_ request: ChatRequest, client: HTTPClient, onText: (String) -> Void,
                          onQuote: (Int, String) -> Void) throws(AskError) -> Outcome {
        let started = MonotonicClock.seconds()
        let stream = ChatStream(provider: options.provider, url: request.url)
        var framing = StreamFraming(request.framing)
        var outcome = Outcome()
        var errorBody: [UInt8] = []
        var failure: AskError?
        var finished = false
        var answered = false
        var blockCitations: [Int] = []
        var calls = ToolCallCollector()

        func take(_ units: [StreamFraming.Unit]) -> Bool {
            for unit in units {
                let events: [ChatEvent]
                do {
                    events = try stream.events(unit)
                } catch {
                    failure = error
                    return false
                }
                for event in events {
                    switch event {
                    case let .text(text):
                        if outcome.firstTextSeconds == nil { outcome.firstTextSeconds = MonotonicClock.seconds() - started }
                        answered = true
                        onText(text)
                    case let .usage(prompt, answer):
                        outcome.promptTokens = prompt ?? outcome.promptTokens
                        outcome.answerTokens = answer ?? outcome.answerTokens
                    case let .finished(reason):
                        outcome.finishReason = reason ?? outcome.finishReason
                        finished = true
                    case let .failure(kind, message):
                        failure = ProviderRefusal(options: options, key: key).midStream(kind: kind, message: message)
                        return false
                    case let .citation(number, quote):
                        if !blockCitations.contains(number) { blockCitations.append(number) }
                        onQuote(number, quote)
                    case let .toolCall(index, id, name, arguments):
                        calls.add(index: index, id: id, name: name, arguments: arguments)
                    case .blockEnd:
                        guard !blockCitations.isEmpty else { continue }
                        onText(" " + blockCitations.map { "[\($0)]" }.joined())
                        blockCitations = []
                    }
                }
            }
            return true
        }

        let head: HTTPClient.Head
        do {
            head = try client.post(request.url, body: request.body, headers: request.headers) { status, bytes in
                guard (200..<300).contains(status) else {
                    errorBody += bytes.prefix(max(0, 65_536 - errorBody.count))
                    return true
                }
                return take(framing.add(bytes))
            }
        } catch {
            switch error {
            case .interrupted: throw .interrupted
            case let .timedOut(url, receivedAnything): throw .timedOut(url: url, seconds: options.timeoutSeconds, partial: receivedAnything || answered)
            case let .unreachable(url, reason):
                throw .notRunning(options.provider, url: url, model: options.effectiveModel, reason: APIKey.redacting(key, in: reason))
            case let .failed(url, reason):
                // After part of the answer, the connection was cut (the server died): that
                // part is shown, and said to be incomplete.
                if answered { throw .streamFailed(options.provider, message: APIKey.redacting(key, in: reason)) }
                throw .exchangeFailed(url: url, reason: APIKey.redacting(key, in: reason))
            case let .keyFile(path, reason): throw .keyFile(path: path, reason: reason)
            }
        }
        if let failure { throw failure }
        guard (200..<300).contains(head.status) else {
            throw ProviderRefusal(options: options, key: key).error(status: head.status, headers: head.headers, body: errorBody)
        }
        _ = take(framing.finish())
        if let failure { throw failure }
        guard finished else {
            // Every provider's stream says where it ends: without that, the answer was cut.
            if answered { throw .streamFailed(options.provider, message: "the stream ended before the answer did") }
            throw .malformed(url: request.url, reason: "the stream ended before an answer began")
        }
        outcome.toolCalls = calls.calls
        return outcome
    }
}
