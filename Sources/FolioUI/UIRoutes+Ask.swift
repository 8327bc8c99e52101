internal import FolioAsk
internal import FolioChat
internal import FolioTools
internal import FolioCore
internal import FolioLaunch
internal import FolioSearch
internal import FolioStore
internal import FolioSystem
internal import FolioText
internal import FoundationEssentials
internal import Hummingbird

extension UIRoutes {
    /// An event of `/api/ask`'s stream, one JSON line each (docs/json.md): `searching` (what
    /// the question is searched for), `waiting` (the model asked, with how many passages),
    /// `text`, `citation` (read whole, invented ones marked), `call` (a tool the model called),
    /// `answer` (`folio chat --json`'s document, once the answer is checked and the turn
    /// kept) or `error` (what went wrong and what to do; a turn stopped part-way is kept so).
    struct AskEvent: Encodable {
        var type: String
        var text: String?
        /// `call`: the tool, its arguments, the passages it gave or its error.
        var name: String?
        var arguments: String?
        var found: [Int]?
        var error: String?
        var number: Int?
        var shown: String?
        var invented: Bool?
        var reason: String?
        var provider: String?
        var model: String?
        var passages: Int?
        var message: String?
    }

    /// The answer to `question`, streamed as it comes: the search (`folioq --ask`'s, every
    /// chunk), the passages that fit the model, the model's text, the check. The model is
    /// waited for on a thread of its own, outside the index's turns.
    func ask(_ body: RequestBody) -> Response {
        guard let question = body.question?.trimmingWhitespace(), !question.isEmpty else { return Self.failure(.missingArgument("question")) }
        let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream()
        let send: @Sendable (Data) -> Void = { data in continuation.yield(ByteBuffer(bytes: data + Data("\n".utf8))) }
        let routes = self
        idle.update { $0.answering(+1, now: MonotonicClock.milliseconds()) }
        let conversation = body.conversation
        BackgroundThread.detach {
            routes.answer(question, in: conversation, send: send)
            continuation.finish()
            routes.idle.update { $0.answering(-1, now: MonotonicClock.milliseconds()) }
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson; charset=utf-8"], body: ResponseBody(asyncSequence: stream))
    }

    /// A turn of the conversation `id` (a new one when `nil`), as `folio chat` runs it
    /// (`ConversationTurn`), on the window's own index session.
    private func answer(_ question: String, in id: Int64?, send: @Sendable (Data) -> Void) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func event(_ value: AskEvent) { send((try? encoder.encode(value)) ?? Data()) }
        func fail(_ message: String) { event(AskEvent(type: "error", message: message)) }
        let options = configuration.ask
        let client: ChatClient
        let store: ConversationStore
        let conversation: Conversation?
        do {
            client = try ChatClient(options: options, keyFile: options.apiKeyFile.isEmpty ? "" : paths.expandingTilde(options.apiKeyFile),
                                    environment: environment)
            store = try conversationStore()
            conversation = try id.map { try store.conversation($0) }
        } catch {
            return fail("\(error)")
        }
        let turn = ConversationTurn(store: store, client: client, options: options, tools: options.tools ? FolioToolbox(session: session) : nil)
        var refused: String?
        let outcome: ConversationTurn.Outcome
        do {
            outcome = try turn.run(question, in: conversation, toolsRefused: &refused, search: { text in
                let request = SearchRequest(query: SearchQuery(parsing: text), limit: options.passages * 3, allChunks: true, snippetWords: 0, mode: .hybrid)
                let found: Result<ConversationTurn.Found, UIError> = session.withIndex { index in
                    guard let reader = index.reader else { return .failure(.index(index.unavailable ?? "no index")) }
                    do {
                        let results = try Searcher(index: reader, meaning: index.meaning).search(request)
                        return .success(ConversationTurn.Found(hits: results.hits, contents: try reader.chunkContents(of: results.hits), mode: results.mode))
                    } catch {
                        return .failure(.index(session.describe(error)))
                    }
                }
                return try found.get()
            }) { happened in
                switch happened {
                case let .searching(query): event(AskEvent(type: "searching", text: query.text))
                case let .waiting(model, passages, _):
                    event(AskEvent(type: "waiting", provider: options.provider.displayName, model: model, passages: passages))
                case let .pieces(pieces):
                    for piece in pieces {
                        switch piece {
                        case let .text(text): event(AskEvent(type: "text", text: text))
                        case let .citation(citation):
                            event(AskEvent(type: "citation", number: citation.number, shown: citation.shown, invented: citation.isInvented,
                                           reason: citation.explanation))
                        }
                    }
                case let .called(call):
                    event(AskEvent(type: "call", name: call.name, arguments: call.arguments, found: call.passages, error: call.error))
                case .askingAgain, .toolsRefused: break
                }
            }
        } catch {
            return fail("\(error)")
        }
        if let problem = outcome.keepFailure { fail("this turn could not be kept: \(problem)") }
        guard let answer = outcome.answer else { return fail(outcome.failure.map { "\($0)" } ?? "no answer") }
        let document = AnswerJSON.data(answer, opener: Opener(options: configuration.open).command(path:page:kind:), conversation: outcome.place)
        send(Data(#"{"answer":"#.utf8) + document + Data(#","type":"answer"}"#.utf8))
    }
}
