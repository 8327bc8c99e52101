public import ArgumentParser
internal import FolioAsk
internal import FolioChat
internal import FolioCLI
internal import FolioCore
internal import FolioHTTP
internal import FolioLaunch
internal import FolioStore
internal import FolioTools
internal import Glibc

/// `folio chat`: a conversation with the documents. Each question is answered from the
/// passages found for it as `folioq --ask` answers, a follow-up searched for as it stands
/// with what came before (`FollowUpQuery`) and sent with the turns before it. The
/// conversation is kept beside the index (`ConversationStore`).
public struct FolioChat: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "folio chat",
        abstract: "Talk with your documents: questions, follow-ups, answers that cite file and page.",
        discussion: """
            At the prompt, ask; a follow-up ("and in 2022?") is understood with what came \
            before ([ask] follow_ups). /new starts another conversation, /sources lists the \
            last answer's sources in full, /quit (or Ctrl-D) ends. Ctrl-C stops an answer \
            and keeps the conversation; at the prompt it ends.
            A model that calls tools ([ask] tools) may look further than the first passages \
            with Folio's search and read, each call shown as a dim line; every passage it \
            cites is checked as folioq --ask checks it.
            When standard input is not a terminal, each line is a question (or a command). \
            Questions given as arguments are asked one after the other, then folio chat ends.
            Conversations are kept on this machine, in conversations.db beside the index, \
            and sent nowhere but to the configured model ([ask]).
            Exit status: 0 every question answered, 1 one was not (the documents do not \
            hold the answer), 2 error.
            """)

    public init() {}

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: ArgumentHelp("Only documents under this folder (or this file).", valueName: "prefix"))
    var path: String?

    @Option(name: .long, help: ArgumentHelp("Only documents of this type: \(DocumentKind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "type"))
    var type: [DocumentKind] = []

    @Option(name: .long, help: "hybrid (default: words and meaning), lexical (words only) or semantic (meaning only).")
    var mode: SearchMode = .hybrid

    @Option(name: .long, help: ArgumentHelp("Go on with a conversation: its number (--list), or last.", valueName: "number|last"))
    var resume: ConversationChoice?

    @Flag(name: .long, help: "List the conversations kept, the latest first.")
    var list = false

    @Option(name: .long, help: ArgumentHelp("Write a conversation as Markdown, with its sources, to standard output.", valueName: "number|last"))
    var export: ConversationChoice?

    @Option(name: .long, help: ArgumentHelp("Delete a conversation.", valueName: "number|last"))
    var delete: ConversationChoice?

    @Flag(name: .long, help: "Say what each follow-up was searched for (the question made to stand alone).")
    var showSearch = false

    @Flag(name: .long, help: "Each answer as one line of JSON (as folioq --ask --json, with its place in the conversation).")
    var json = false

    @Argument(help: "Questions to ask in turn (else they are read from standard input).")
    var questions: [String] = []

    public func validate() throws {
        let actions = [list, export != nil, delete != nil].filter { $0 }.count
        if actions > 1 { throw ValidationError("--list, --export and --delete go one at a time") }
        if actions == 1, resume != nil || !questions.isEmpty { throw ValidationError("--list, --export and --delete take no questions and no --resume") }
    }

    public func run() throws {
        let store = try openStore()
        if list { return try listConversations(store) }
        if let export {
            let found = try conversation(export, in: store)
            do {
                return Output.standard(ConversationMarkdown.render(found, turns: try store.turns(of: found.id), home: common.paths.home))
            } catch {
                throw ExitStatus.fail("folio chat", error)
            }
        }
        if let delete {
            let found = try conversation(delete, in: store)
            do { try store.delete(found.id) } catch { throw ExitStatus.fail("folio chat", error) }
            return Output.error("folio chat: deleted conversation \(found.id) (\(found.title))\n")
        }
        let configuration: FolioConfiguration
        let client: ChatClient
        do {
            configuration = try common.configuration()
            let options = configuration.ask
            client = try ChatClient(options: options, keyFile: options.apiKeyFile.isEmpty ? "" : common.paths.expandingTilde(options.apiKeyFile),
                                    environment: Environment.variables)
        } catch {
            throw ExitStatus.fail("folio chat", error)
        }
        var chat = ChatLoop(store: store, client: client, configuration: configuration, json: json, showSearch: showSearch,
                            search: QuerySearch(common: common, mode: mode, filters: SearchFilters(kinds: Set(type)), path: path, pages: nil,
                                                 program: "folio chat"),
                            opener: Opener(options: configuration.open), home: common.paths.home,
                            toolbox: configuration.ask.tools
                                ? FolioToolbox(databasePath: common.databasePath, configuration: configuration, paths: common.paths,
                                               environment: Environment.variables, embedderProgram: common.embedderProgram)
                                : nil)
        if let resume { chat.conversation = try conversation(resume, in: store) }
        if !questions.isEmpty {
            for question in questions { chat.ask(question) }
        } else {
            chat.converse()
        }
        throw chat.exitStatus
    }

    private func openStore() throws -> ConversationStore {
        do {
            let store = try ConversationStore(besideIndex: common.databasePath)
            if let aside = store.setAside {
                Output.error("folio chat: the conversations file was damaged; it was moved to \(aside) and a new one begun\n")
            }
            return store
        } catch {
            throw ExitStatus.fail("folio chat", error)
        }
    }

    private func conversation(_ choice: ConversationChoice, in store: ConversationStore) throws -> Conversation {
        do {
            switch choice {
            case .last:
                guard let last = try store.list().first else {
                    Output.error("folio chat: there is no conversation yet\n")
                    throw ExitStatus.error
                }
                return last
            case let .number(id): return try store.conversation(id)
            }
        } catch let error as ConversationError {
            throw ExitStatus.fail("folio chat", error)
        }
    }

    private func listConversations(_ store: ConversationStore) throws {
        let conversations: [Conversation]
        do { conversations = try store.list() } catch { throw ExitStatus.fail("folio chat", error) }
        if json {
            return Output.standard(ConversationMarkdown.listJSON(conversations))
        }
        if conversations.isEmpty {
            Output.error("folio chat: no conversation is kept yet\n")
            throw ExitStatus.nothing
        }
        Output.standard(conversations.map { "\($0.id)\t\(ConversationMarkdown.date($0.updated))\t\($0.turns) turn\($0.turns == 1 ? "" : "s")\t\($0.title)\n" }
            .joined())
    }
}

/// `--resume 4`, `--resume last`.
enum ConversationChoice: ExpressibleByArgument {
    case last
    case number(Int64)

    init?(argument: String) {
        if argument == "last" {
            self = .last
        } else if let number = Int64(argument), number > 0 {
            self = .number(number)
        } else {
            return nil
        }
    }
}
