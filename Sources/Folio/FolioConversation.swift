internal import FolioAsk
public import FolioChat
public import FolioCore
internal import FolioStore
internal import FolioText

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
        do {
            store = try storePath.map { path throws(ConversationError) in try ConversationStore(path: path) }
                ?? engine.databasePath.map { index throws(ConversationError) in try ConversationStore(besideIndex: index) }
                ?? ConversationStore(path: ":memory:")
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
        let engine = self.engine
        let passages = options.passages
        var refused: String?
        let outcome: ConversationTurn.Outcome
        do {
            let conversation = try id.map { try store.conversation($0) }
            outcome = try ConversationTurn(store: store, client: client, options: options, tools: nil)
                .run(question, in: conversation, toolsRefused: &refused, search: { text in
                    let results = try engine.searchResults(SearchRequest(query: SearchQuery(parsing: text), limit: passages * 3, allChunks: true,
                                                                         snippetWords: 0, mode: .hybrid))
                    return ConversationTurn.Found(hits: results.hits, contents: try engine.chunkContents(of: results.hits), mode: results.mode)
                }) { event in
                    guard case let .pieces(pieces) = event else { return }
                    for piece in pieces {
                        switch piece {
                        case let .text(text): onText(text)
                        case let .citation(citation): onText(citation.shown)
                        }
                    }
                }
        } catch let error as FolioEngineError {
            throw error
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .conversation(reason: "\(error)")
        }
        if let problem = outcome.keepFailure { throw .conversation(reason: "\(problem)") }
        id = outcome.conversation?.id
        if let failure = outcome.failure { throw .answer(failure) }
        return outcome.turn
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
