public import FolioAsk
public import FolioChat
public import FolioCore
internal import FolioStore
internal import FolioSystem
internal import FolioText
internal import Glibc

/// A conversation with an engine's documents, as `folio chat` holds one: each question
/// answered by the language model `AskOptions` names from the passages the search finds,
/// with the turns before it sent along, a follow-up ("and in 2022?") searched for as it
/// stands with what came before (`AskOptions.followUps`), every citation checked against
/// its passage. Kept in a SQLite file of its own (`ConversationStore`), or in memory.
///
/// The library's conversations do not offer the model Folio's tools: that needs the
/// programs' index sessions, which the library does not link.
///
/// Like the engine's, its methods block while the search runs and the model answers.
public final class FolioConversation: @unchecked Sendable {
    public let engine: FolioEngine
    public let options: AskOptions
    let store: ConversationStore
    let client: ChatClient
    /// The conversation's number in its store, once its first question is asked.
    public private(set) var id: Int64?

    /// `storePath`: the file the conversation is kept in (`conversations.db` beside the
    /// engine's index, where `folio chat` keeps its own; `":memory:"` keeps nothing);
    /// `resuming`: a conversation in it to go on with. `environment` is where an API key
    /// is looked for when `options.apiKeyFile` is empty.
    public init(engine: FolioEngine, options: AskOptions, storePath: String? = nil, resuming: Int64? = nil,
                environment: [String: String] = [:]) throws(FolioEngineError) {
        self.engine = engine
        self.options = options
        let path = storePath ?? engine.databasePath.map { database in
            (database.lastIndex(of: "/").map { String(database[..<$0]) } ?? ".") + "/conversations.db"
        } ?? ":memory:"
        do {
            store = try ConversationStore(path: path)
            client = try ChatClient(options: options, keyFile: options.apiKeyFile, environment: environment)
            if let resuming { id = try store.conversation(resuming).id }
        } catch {
            throw .conversation(reason: "\(error)")
        }
    }

    /// The turns so far, in order.
    public func turns() throws(FolioEngineError) -> [ChatTurn] {
        guard let id else { return [] }
        do {
            return try store.turns(of: id)
        } catch {
            throw .conversation(reason: "\(error)")
        }
    }

    /// Asks `question` after the turns before it, the answer's text to `onText` as it
    /// streams; the turn as kept (its answer as shown, its status, the passages that bear
    /// it out). A turn the model could not finish is kept as incomplete or failed, and
    /// thrown as `.answer`.
    @discardableResult
    public func ask(_ question: String, onText: (String) -> Void = { _ in }) throws(FolioEngineError) -> ChatTurn {
        let started = MonotonicClock.seconds()
        let earlier = try turns()
        let client = self.client
        let query = FollowUpQuery.make(question, after: earlier, followUps: options.followUps) { system, user throws(AskError) in
            try client.complete(system: system, user: user, maxTokens: 96)
        }
        let searching = MonotonicClock.seconds()
        let results = try engine.searchResults(SearchRequest(query: SearchQuery(parsing: query.text), limit: options.passages * 3, allChunks: true,
                                                             snippetWords: 0, mode: .hybrid))
        let contents: [ChunkContent?]
        do {
            contents = try engine.chunkContents(of: results.hits)
        } catch {
            throw .store(error)
        }
        let history = ChatHistory.exchanges(earlier, limit: options.historyTurns, tokens: options.effectiveContextTokens / 4)
        let session = AnswerSession(question: question, options: options, mode: results.mode, pages: nil, client: client, judge: nil, history: history)
        var partial = ""
        var turn: ChatTurn
        var failure: AskError?
        do {
            let answer = try session.run(hits: results.hits, contents: contents, started: started + (searching - started),
                                         retrieval: MonotonicClock.milliseconds(since: searching)) { event in
                guard case let .pieces(pieces) = event else { return }
                for piece in pieces {
                    let text = switch piece {
                    case let .text(text): text
                    case let .citation(citation): citation.shown
                    }
                    partial += text
                    onText(text)
                }
            }
            turn = ChatTurn(answer: answer, searched: query, created: Int64(time(nil)))
        } catch {
            failure = error
            turn = ChatTurn(position: 0, question: question, searchedFor: query.text, answer: partial, status: partial.isEmpty ? .failed : .incomplete,
                            detail: "\(error)", sources: [], created: Int64(time(nil)))
        }
        do {
            let id = try self.id ?? store.create(title: question).id
            self.id = id
            turn = try store.append(turn, to: id)
        } catch {
            throw .conversation(reason: "\(error)")
        }
        if let failure { throw .answer(failure) }
        return turn
    }
}

extension FolioEngine {
    /// The text of each hit's chunk and its neighbours', from whichever connection the
    /// engine has.
    func chunkContents(of hits: [SearchHit]) throws(StoreError) -> [ChunkContent?] {
        switch index {
        case let .store(store): try store.chunkContents(of: hits)
        case let .reader(reader): try reader.chunkContents(of: hits)
        }
    }
}
