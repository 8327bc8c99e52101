public import FolioAsk
public import FolioCore
public import FolioStore
internal import FolioSystem
internal import Glibc

/// One turn of a conversation as `folio chat` and the window run it: the turns before it
/// read, what the follow-up is searched for (`FollowUpQuery`), the search (the caller's),
/// the answer with the earlier turns sent along (a `ToolTurn` when the model is given
/// tools, else an `AnswerSession`), and the turn kept, whole or stopped part-way. Each
/// front end shows the events its own way.
public struct ConversationTurn {
    public var store: ConversationStore
    public var client: ChatClient
    public var options: AskOptions
    /// Folio's tools for the model; `nil` when it is given none (`[ask] tools = false`).
    public var tools: (any PassageTools)?

    public init(store: ConversationStore, client: ChatClient, options: AskOptions, tools: (any PassageTools)?) {
        self.store = store
        self.client = client
        self.options = options
        self.tools = tools
    }

    public enum Event {
        /// What the question is searched for (a follow-up made to stand alone, or not).
        case searching(FollowUpQuery)
        case waiting(model: String, passages: Int, tokens: Int)
        case pieces([CitationReader.Piece])
        case called(ToolCallRecord)
        case askingAgain(counted: Int, window: Int)
        /// The model refused the tools: this turn and the next are answered without them.
        case toolsRefused(String)
    }

    /// What the search found for a query: the hits, their chunks' texts, the mode it ran in.
    public struct Found: Sendable {
        public var hits: [SearchHit]
        public var contents: [ChunkContent?]
        public var mode: SearchMode

        public init(hits: [SearchHit], contents: [ChunkContent?], mode: SearchMode) {
            self.hits = hits
            self.contents = contents
            self.mode = mode
        }
    }

    public struct Outcome {
        /// The turn as kept (numbered), or as made when it could not be kept (`keepFailure`).
        public var turn: ChatTurn
        public var conversation: Conversation?
        public var query: FollowUpQuery
        /// The checked answer, when the model finished one.
        public var answer: Answer?
        public var calls: [ToolCallRecord]
        /// Why the look-ups stopped short, or why no tools were offered.
        public var note: String?
        public var usedTools: Bool
        /// Why the model gave no whole answer (the turn is incomplete or failed).
        public var failure: AskError?
        public var keepFailure: ConversationError?

        /// The turn's place in its conversation as `folio chat --json` and the window write
        /// it; `nil` when the turn could not be kept.
        public var place: AnswerJSON.Turn? {
            guard keepFailure == nil, let conversation else { return nil }
            return AnswerJSON.Turn(id: conversation.id, turn: turn.position, searchedFor: query.text, followUp: query.kind.rawValue,
                                   fallback: query.fallback, tools: usedTools,
                                   calls: calls.map { .init(name: $0.name, arguments: $0.arguments, passages: $0.passages, error: $0.error) },
                                   note: note)
        }
    }

    /// Runs the turn for `question` in `conversation` (`nil`: the question begins one,
    /// made once it is answered). `toolsRefused`: why the model takes no tools, carried
    /// from turn to turn. `search`: the caller's search for a query (`nil` when nothing is
    /// searchable, which the caller has said); its error ends the turn, kept nowhere.
    public func run(_ question: String, in conversation: Conversation?, toolsRefused: inout String?,
                    search: (String) throws -> Found?, events: (Event) -> Void) throws -> Outcome {
        let started = MonotonicClock.seconds()
        let earlier = try conversation.map { try store.turns(of: $0.id) } ?? []
        let client = self.client
        let rewriting = MonotonicClock.seconds()
        let query = FollowUpQuery.make(question, after: earlier, followUps: options.followUps) { system, user throws(AskError) in
            try client.complete(system: system, user: user, maxTokens: 96)
        }
        events(.searching(query))
        let searching = MonotonicClock.seconds()
        // The time the model took to rewrite the follow-up is the model's, not Folio's.
        let folioStarted = started + (searching - rewriting)
        let found = try search(query.text) ?? Found(hits: [], contents: [], mode: .lexical)
        let retrieval = MonotonicClock.milliseconds(since: searching)
        let history = ChatHistory.exchanges(earlier, limit: options.historyTurns, tokens: options.effectiveContextTokens / 4)
        var outcome = Outcome(turn: ChatTurn(position: 0, question: question, searchedFor: query.text, answer: "", status: .failed, sources: [],
                                             created: Int64(time(nil))),
                              conversation: conversation, query: query, answer: nil, calls: [], note: toolsRefused.map { "no tools: \($0)" },
                              usedTools: false, failure: nil, keepFailure: nil)
        var partial = ""
        func show(_ pieces: [CitationReader.Piece]) {
            for piece in pieces {
                switch piece {
                case let .text(text): partial += text
                case let .citation(citation): partial += citation.shown
                }
            }
            events(.pieces(pieces))
        }
        do throws(AskError) {
            var answered: Answer?
            if let tools, toolsRefused == nil {
                do throws(AskError) {
                    let turn = try ToolTurn(question: question, options: options, mode: found.mode, client: client, toolbox: tools, history: history)
                        .run(hits: found.hits, contents: found.contents, started: folioStarted, retrieval: retrieval) { event in
                            switch event {
                            case let .waiting(model, passages, tokens): events(.waiting(model: model, passages: passages, tokens: tokens))
                            case let .pieces(pieces): show(pieces)
                            case let .called(call): events(.called(call))
                            }
                        }
                    answered = turn.answer
                    outcome.calls = turn.calls
                    outcome.note = turn.cut
                    outcome.usedTools = true
                } catch let .server(_, _, message) where partial.isEmpty && message.lowercased().contains("tool") {
                    let reason = "the model refused them (\(message.prefix(160)))"
                    toolsRefused = reason
                    outcome.note = "no tools: " + reason
                    events(.toolsRefused(String(message.prefix(160))))
                }
            }
            let answer: Answer
            if let answered {
                answer = answered
            } else {
                answer = try AnswerSession(question: question, options: options, mode: found.mode, pages: nil, client: client, judge: nil,
                                           history: history)
                    .run(hits: found.hits, contents: found.contents, started: folioStarted, retrieval: retrieval) { event in
                        switch event {
                        case let .waiting(model, passages, tokens): events(.waiting(model: model, passages: passages, tokens: tokens))
                        case let .pieces(pieces): show(pieces)
                        case let .askingAgain(counted, window): events(.askingAgain(counted: counted, window: window))
                        }
                    }
            }
            outcome.answer = answer
            outcome.turn = ChatTurn(answer: answer, searched: query, calls: outcome.calls, note: outcome.note, created: Int64(time(nil)))
        } catch {
            outcome.failure = error
            let stopped: String? = switch error {
            case .interrupted: "stopped by Ctrl-C"
            case let .streamFailed(_, message): "the model server stopped mid-answer: \(message)"
            default: nil
            }
            outcome.turn = ChatTurn(position: 0, question: question, searchedFor: query.text, answer: partial, status: stopped == nil ? .failed : .incomplete,
                                    detail: stopped ?? "\(error)", sources: [], calls: outcome.calls, created: Int64(time(nil)))
        }
        do {
            let current = try conversation ?? store.create(title: question)
            outcome.conversation = current
            outcome.turn = try store.append(outcome.turn, to: current.id)
        } catch let error as ConversationError {
            outcome.keepFailure = error
        }
        return outcome
    }
}
