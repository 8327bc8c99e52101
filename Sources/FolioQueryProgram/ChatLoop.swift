internal import ArgumentParser
internal import FolioAsk
internal import FolioChat
internal import FolioCLI
internal import FolioCore
internal import FolioHTTP
internal import FolioLaunch
internal import FolioStore
internal import FolioSystem
internal import FolioTools
internal import Glibc

/// The turns of `folio chat`: read a question (or a command), search for it as the
/// conversation stands, stream the answer, keep the turn.
struct ChatLoop {
    let store: ConversationStore
    let client: ChatClient
    let configuration: FolioConfiguration
    let json: Bool
    let showSearch: Bool
    let search: QuerySearch
    let opener: Opener
    let home: String
    /// Folio's tools for the model (`[ask] tools`); `nil` when it is given none.
    let toolbox: FolioToolbox?
    /// Why the model is given no tools in this session, after it refused them.
    private var toolsRefused: String?
    /// The conversation under way; `nil` until its first question (so that starting and
    /// leaving keeps nothing).
    var conversation: Conversation?
    /// The worst of the turns so far: 0 all answered, 1 one not, 2 one failed.
    private(set) var exitStatus = ExitStatus.success
    private var lastTurn: ChatTurn?

    init(store: ConversationStore, client: ChatClient, configuration: FolioConfiguration, json: Bool, showSearch: Bool, search: QuerySearch,
         opener: Opener, home: String, toolbox: FolioToolbox?) {
        self.toolbox = toolbox
        self.store = store
        self.client = client
        self.configuration = configuration
        self.json = json
        self.showSearch = showSearch
        self.search = search
        self.opener = opener
        self.home = home
    }

    private var interactive: Bool { isatty(STDIN_FILENO) == 1 }

    /// Questions and commands from standard input until its end or `/quit`.
    mutating func converse() {
        if interactive {
            let resumed = conversation.map { "Going on with conversation \($0.id) (\($0.title)). " } ?? ""
            Output.error(resumed + "Ask about your documents; /new, /sources, /quit.\n")
        }
        while true {
            if interactive { Output.standard(style("› ", "1")) }
            guard let line = readLine() else {
                if interactive { Output.standard("\n") }
                return
            }
            let text = line.trimmingWhitespace()
            guard !text.isEmpty else { continue }
            switch text {
            case "/quit", "/exit": return
            case "/new":
                conversation = nil
                lastTurn = nil
                Output.error("folio chat: a new conversation begins with the next question\n")
            case "/sources": showSources()
            case "/help": Output.error("/new starts another conversation, /sources lists the last answer's sources, /quit ends\n")
            default:
                if text.hasPrefix("/") {
                    Output.error("folio chat: \(text) is not a command (/new, /sources, /quit)\n")
                } else {
                    ask(text)
                }
            }
        }
    }

    /// One turn: its search, its answer streamed, the turn kept.
    mutating func ask(_ question: String) {
        let started = MonotonicClock.seconds()
        let options = configuration.ask
        let earlier: [ChatTurn]
        do {
            earlier = try conversation.map { try store.turns(of: $0.id) } ?? []
        } catch {
            return fail("folio chat: \(error)\n")
        }
        let client = self.client
        let rewriteStarted = MonotonicClock.seconds()
        let query = FollowUpQuery.make(question, after: earlier, followUps: options.followUps) { system, user throws(AskError) in
            try client.complete(system: system, user: user, maxTokens: 96)
        }
        if let fallback = query.fallback { Output.error(style("(\(fallback); searching with the question before)", "2") + "\n") }
        if showSearch, query.kind != .first, !json { Output.error(style("Searching for: " + query.text, "2") + "\n") }
        let searching = MonotonicClock.seconds()
        // The time the model took to rewrite the follow-up is the model's, not Folio's.
        let folioStarted = started + (searching - rewriteStarted)
        var hits: [SearchHit] = []
        var contents: [ChunkContent?] = []
        var mode = search.mode
        do {
            let found = try search.run(query.text, limit: options.passages * 3, allChunks: true, snippetWords: 0, configuration: configuration)
            hits = found.results.hits
            mode = found.results.mode
            contents = try found.reader.chunkContents(of: hits)
        } catch let code as ExitCode where code == ExitStatus.nothing {
            // Not searchable yet: said on standard error; the turn is nothing found.
        } catch let code as ExitCode {
            exitStatus = code
            return
        } catch {
            return fail("folio chat: \(error)\n")
        }
        let retrieval = MonotonicClock.milliseconds(since: searching)
        let contextTokens = options.effectiveContextTokens
        let history = ChatHistory.exchanges(earlier, limit: options.historyTurns, tokens: contextTokens / 4)
        let session = AnswerSession(question: question, options: options, mode: mode, pages: nil, client: client, judge: nil, history: history)
        let printer = AnswerPrinter(colour: Output.colourOnStandardOutput, home: home, streaming: !json, status: Output.standardErrorIsTerminal && !json)
        var partial = ""
        func show(_ pieces: [CitationReader.Piece]) {
            for piece in pieces {
                switch piece {
                case let .text(text): partial += text
                case let .citation(citation): partial += citation.shown
                }
            }
            printer.show(pieces)
        }
        HTTPClient.stopRequestsOnInterrupt()
        defer { HTTPClient.endProcessOnInterrupt() }
        let turn: ChatTurn
        var record: Answer?
        var calls: [ToolCallRecord] = []
        var note = toolsRefused.map { "no tools: \($0)" }
        var usedTools = false
        do throws(AskError) {
            var answered: Answer?
            if let toolbox, toolsRefused == nil {
                do throws(AskError) {
                    let outcome = try ToolTurn(question: question, options: options, mode: mode, client: client, toolbox: toolbox, history: history)
                        .run(hits: hits, contents: contents, started: folioStarted, retrieval: retrieval) { event in
                            switch event {
                            case let .waiting(model, passages, tokens): printer.waiting(model: model, passages: passages, tokens: tokens)
                            case let .pieces(pieces): show(pieces)
                            case let .called(call): if !json { Output.error(style(Self.describe(call), "2") + "\n") }
                            }
                        }
                    answered = outcome.answer
                    calls = outcome.calls
                    note = outcome.cut
                    usedTools = true
                } catch let .server(_, _, message) where partial.isEmpty && message.lowercased().contains("tool") {
                    // A model or server that takes no tools: this turn and the next are
                    // answered from the search alone.
                    toolsRefused = "the model refused them (\(message.prefix(160)))"
                    note = "no tools: " + toolsRefused!
                    Output.error(style("(the model takes no tools: \(message.prefix(160)); answering from the search alone)", "2") + "\n")
                }
            }
            let answer: Answer
            if let answered {
                answer = answered
            } else {
                answer = try session.run(hits: hits, contents: contents, started: folioStarted, retrieval: retrieval) { event in
                    switch event {
                    case let .waiting(model, passages, tokens): printer.waiting(model: model, passages: passages, tokens: tokens)
                    case let .pieces(pieces): show(pieces)
                    case let .askingAgain(counted, window):
                        Output.error("folio chat: the server counts this prompt at \(counted) tokens, over its \(window): asking again with fewer passages\n")
                    }
                }
            }
            record = answer
            turn = ChatTurn(answer: answer, searched: query, calls: calls, note: note, created: Int64(time(nil)))
        } catch .interrupted {
            printer.interrupted(program: "folio chat")
            turn = incomplete(question, query, partial, "stopped by Ctrl-C")
        } catch let .streamFailed(_, message) {
            printer.failed()
            Output.error("folio chat: the model server stopped mid-answer (\(message)); the answer above is incomplete\n")
            turn = incomplete(question, query, partial, "the model server stopped mid-answer: \(message)")
        } catch {
            printer.failed()
            Output.error("folio chat: \(error)\n")
            exitStatus = ExitStatus.error
            turn = ChatTurn(position: 0, question: question, searchedFor: query.text, answer: "", status: .failed, detail: "\(error)",
                            sources: [], created: Int64(time(nil)))
        }
        let kept = keep(turn)
        if let record {
            if json {
                let place = kept.map { AnswerJSON.Turn(id: $0.id, turn: $0.turn, searchedFor: query.text, followUp: query.kind.rawValue,
                                                         fallback: query.fallback, tools: usedTools,
                                                         calls: calls.map { .init(name: $0.name, arguments: $0.arguments, passages: $0.passages, error: $0.error) },
                                                         note: note) }
                Output.standard(AnswerJSON.render(record, opener: opener.command(path:page:kind:), conversation: place))
            } else if record.status == .nothingRelevant {
                Output.error("folio chat: nothing in the index matches the question; no model was asked\n")
            } else {
                printer.finish(record)
                if let note, !note.hasPrefix("no tools") { Output.standard(style("(" + note + ")", "2") + "\n") }
            }
            if record.status != .answered, exitStatus == ExitStatus.success { exitStatus = ExitStatus.nothing }
        } else if json {
            Output.standard(ChatTurnJSON.render(turn, place: kept, query: query))
        }
        if turn.status == .incomplete, exitStatus == ExitStatus.success { exitStatus = ExitStatus.nothing }
    }

    /// `  search {"query": "…"} → [5] [6]`, or the call's error: the dim line a call makes.
    static func describe(_ call: ToolCallRecord) -> String {
        let found = call.error.map { "error: " + $0 } ?? (call.passages.isEmpty ? "nothing new" : call.passages.map { "[\($0)]" }.joined(separator: " "))
        return "  ⋯ \(call.name) \(call.arguments.prefix(120)) → \(found)"
    }

    private func incomplete(_ question: String, _ query: FollowUpQuery, _ partial: String, _ why: String) -> ChatTurn {
        ChatTurn(position: 0, question: question, searchedFor: query.text, answer: partial, status: .incomplete, detail: why, sources: [],
                 created: Int64(time(nil)))
    }

    /// Writes the turn into the conversation (begun by its first question); the turn's
    /// place, or `nil` when it could not be kept (said on standard error).
    private mutating func keep(_ turn: ChatTurn) -> (id: Int64, turn: Int)? {
        do {
            let current = try conversation ?? store.create(title: turn.question)
            conversation = current
            let kept = try store.append(turn, to: current.id)
            lastTurn = kept
            return (current.id, kept.position)
        } catch {
            Output.error("folio chat: this turn could not be kept: \(error)\n")
            exitStatus = ExitStatus.error
            return nil
        }
    }

    private func showSources() {
        if json { return Output.standard(ChatTurnJSON.sources(lastTurn?.sources ?? [])) }
        guard let lastTurn, !lastTurn.sources.isEmpty else {
            return Output.error("folio chat: the last answer cites no source\n")
        }
        Output.standard(lastTurn.sources.map { source in
            var line = style("[\(source.number)]", "36") + " " + AbsolutePath.abbreviated(source.path, home: home)
            if source.paged, let first = source.pages.first, let last = source.pages.last {
                line += first == last ? ", page \(first)" : ", pages \(first)–\(last)"
            }
            if let section = source.section, !section.isEmpty { line += " § " + section }
            return line + "\n    “" + source.quote + "”\n"
        }.joined())
    }

    private mutating func fail(_ message: String) {
        Output.error(message)
        exitStatus = ExitStatus.error
    }

    private func style(_ text: String, _ code: String) -> String {
        Output.colourOnStandardOutput ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }
}
