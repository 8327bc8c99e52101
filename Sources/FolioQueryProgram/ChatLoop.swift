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
            let tools = toolbox == nil ? "answers come from the search alone ([ask] tools = false)"
                : "the model may look further with Folio's search, read and thread tools"
            Output.error(resumed + "Ask about your documents (\(tools)); /new, /sources, /quit.\n")
        }
        while true {
            if interactive { Output.standard(Self.style("› ", "1")) }
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

    /// One turn (`ConversationTurn`): its search, its answer streamed, the turn kept.
    mutating func ask(_ question: String) {
        let printer = AnswerPrinter(colour: Output.colourOnStandardOutput, home: home, streaming: !json, status: Output.standardErrorIsTerminal && !json)
        let (search, configuration, json, showSearch) = (self.search, self.configuration, self.json, self.showSearch)
        let turn = ConversationTurn(store: store, client: client, options: configuration.ask, tools: toolbox)
        HTTPClient.stopRequestsOnInterrupt()
        defer { HTTPClient.endProcessOnInterrupt() }
        let outcome: ConversationTurn.Outcome
        do {
            outcome = try turn.run(question, in: conversation, toolsRefused: &toolsRefused, search: { text in
                do {
                    let found = try search.run(text, limit: configuration.ask.passages * 3, allChunks: true, snippetWords: 0, configuration: configuration)
                    return ConversationTurn.Found(hits: found.results.hits, contents: try found.reader.chunkContents(of: found.results.hits),
                                                  mode: found.results.mode)
                } catch let code as ExitCode where code == ExitStatus.nothing {
                    // Not searchable yet: said on standard error; the turn is nothing found.
                    return nil
                }
            }) { event in
                switch event {
                case let .searching(query):
                    if let fallback = query.fallback { Output.error(Self.style("(\(fallback); searching with the question before)", "2") + "\n") }
                    if showSearch, query.kind != .first, !json { Output.error(Self.style("Searching for: " + query.text, "2") + "\n") }
                case let .waiting(model, passages, tokens): printer.waiting(model: model, passages: passages, tokens: tokens)
                case let .pieces(pieces): printer.show(pieces)
                case let .called(call): if !json { Output.error(Self.style(Self.describe(call), "2") + "\n") }
                case let .askingAgain(counted, window):
                    Output.error("folio chat: the server counts this prompt at \(counted) tokens, over its \(window): asking again with fewer passages\n")
                case let .toolsRefused(message):
                    Output.error(Self.style("(the model takes no tools: \(message); answering from the search alone)", "2") + "\n")
                }
            }
        } catch let code as ExitCode {
            exitStatus = code
            return
        } catch {
            return fail("folio chat: \(error)\n")
        }
        conversation = outcome.conversation
        if let problem = outcome.keepFailure {
            Output.error("folio chat: this turn could not be kept: \(problem)\n")
            exitStatus = ExitStatus.error
        } else {
            lastTurn = outcome.turn
        }
        switch outcome.failure {
        case .interrupted?: printer.interrupted(program: "folio chat")
        case let .streamFailed(_, message)?:
            printer.failed()
            Output.error("folio chat: the model server stopped mid-answer (\(message)); the answer above is incomplete\n")
        case let failure?:
            printer.failed()
            Output.error("folio chat: \(failure)\n")
            exitStatus = ExitStatus.error
        case nil: break
        }
        if let record = outcome.answer {
            if json {
                Output.standard(AnswerJSON.render(record, opener: opener.command(path:page:kind:), conversation: outcome.place))
            } else if record.status == .nothingRelevant {
                Output.error("folio chat: nothing in the index matches the question; no model was asked\n")
            } else {
                printer.finish(record)
                if let note = outcome.note, !note.hasPrefix("no tools") { Output.standard(Self.style("(" + note + ")", "2") + "\n") }
            }
            if record.status != .answered, exitStatus == ExitStatus.success { exitStatus = ExitStatus.nothing }
        } else if json {
            Output.standard(ChatTurnJSON.render(outcome.turn, place: outcome.place))
        }
        if outcome.turn.status == .incomplete, exitStatus == ExitStatus.success { exitStatus = ExitStatus.nothing }
    }

    /// `  search {"query": "…"} → [5] [6]`, or the call's error: the dim line a call makes.
    static func describe(_ call: ToolCallRecord) -> String {
        let found = call.error.map { "error: " + $0 } ?? (call.passages.isEmpty ? "nothing new" : call.passages.map { "[\($0)]" }.joined(separator: " "))
        return "  ⋯ \(call.name) \(call.arguments.prefix(120)) → \(found)"
    }

    private func showSources() {
        if json { return Output.standard(ChatTurnJSON.sources(lastTurn?.sources ?? [])) }
        guard let lastTurn, !lastTurn.sources.isEmpty else {
            return Output.error("folio chat: the last answer cites no source\n")
        }
        Output.standard(lastTurn.sources.map { source in
            Self.style("[\(source.number)]", "36") + " " + AbsolutePath.abbreviated(source.path, home: home) + ConversationMarkdown.place(source)
                + "\n    “" + source.quote + "”\n"
        }.joined())
    }

    private mutating func fail(_ message: String) {
        Output.error(message)
        exitStatus = ExitStatus.error
    }

    static func style(_ text: String, _ code: String) -> String {
        Output.colourOnStandardOutput ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }
}
