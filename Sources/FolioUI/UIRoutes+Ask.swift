internal import FolioAsk
internal import FolioCore
internal import FolioLaunch
internal import FolioSearch
internal import FolioStore
internal import FolioSystem
internal import FolioText
internal import FoundationEssentials
internal import Hummingbird

extension UIRoutes {
    /// An event of `/api/ask`'s stream, one JSON line each (docs/json.md): `waiting` (the
    /// model asked, with how many passages), `text`, `citation` (read whole, invented ones
    /// marked), `answer` (`folioq --ask --json`'s document, once the answer is checked) or
    /// `error` (what went wrong and what to do).
    struct AskEvent: Encodable {
        var type: String
        var text: String?
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
        answers.update { $0 += 1 }
        BackgroundThread.detach {
            routes.answer(question, send: send)
            continuation.finish()
            routes.answers.update { $0 -= 1 }
            routes.touched()
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson; charset=utf-8"], body: ResponseBody(asyncSequence: stream))
    }

    private func answer(_ question: String, send: @Sendable (Data) -> Void) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func event(_ value: AskEvent) { send((try? encoder.encode(value)) ?? Data()) }
        func fail(_ message: String) { event(AskEvent(type: "error", message: message)) }
        let started = MonotonicClock.seconds()
        let options = configuration.ask
        let client: ChatClient
        do {
            client = try ChatClient(options: options, keyFile: options.apiKeyFile.isEmpty ? "" : paths.expandingTilde(options.apiKeyFile),
                                    environment: environment)
        } catch {
            return fail("\(error)")
        }
        let request = SearchRequest(query: SearchQuery(parsing: question), limit: options.passages * 3, allChunks: true, snippetWords: 0, mode: .hybrid)
        let found: Result<(hits: [SearchHit], contents: [ChunkContent?], mode: SearchMode), UIError> = session.withIndex { index in
            guard let reader = index.reader else { return .failure(.index(index.unavailable ?? "no index")) }
            do {
                let results = try Searcher(index: reader, meaning: index.meaning).search(request)
                return .success((results.hits, try reader.chunkContents(of: results.hits), results.mode))
            } catch {
                return .failure(.index(IndexSession.describe(error)))
            }
        }
        guard case let .success((hits, contents, mode)) = found else {
            if case let .failure(error) = found { fail(error.description) }
            return
        }
        let retrieval = MonotonicClock.milliseconds(since: started)
        let session = AnswerSession(question: question, options: options, mode: mode, pages: nil, client: client, judge: nil)
        do {
            let answer = try session.run(hits: hits, contents: contents, started: started, retrieval: retrieval) { happened in
                switch happened {
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
                case .askingAgain: break
                }
            }
            let opener = Opener(options: configuration.open)
            let document = AnswerJSON.data(answer, opener: opener.command(path:page:kind:))
            send(Data(#"{"answer":"#.utf8) + document + Data(#","type":"answer"}"#.utf8))
        } catch {
            fail("\(error)")
        }
    }
}
