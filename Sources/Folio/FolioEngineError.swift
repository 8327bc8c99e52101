public import FolioCore
public import FolioStore
public import FolioAsk

/// Why a `FolioEngine` call failed: what failed, on which source, and what to do.
public enum FolioEngineError: Error, CustomStringConvertible {
    /// The database could not be opened, read or written (`StoreError` says which and why).
    case store(StoreError)
    /// The engine was opened read-only.
    case readOnly(operation: String)
    /// Text without a name, or data, was ingested without a source identifier.
    case sourceIdRequired
    /// A URL that is not a file's.
    case notAFile(String)
    /// No loader reads files named like this.
    case unsupportedType(sourceId: String, name: String)
    /// The loader could not read the source (corrupt, encrypted, binary behind a text
    /// name, unreadable); it is recorded as failed with this reason.
    case unreadable(sourceId: String, reason: String)
    /// Text or data could not be written to the temporary folder it is read from.
    case cannotStage(sourceId: String, reason: String)
    /// A search by meaning alone, where there is no meaning to search by.
    case meaningUnavailable(reason: String)
    /// A field of the query not understood (`after:2023-13`, `colour:red`).
    case filter(FilterError)
    /// Vectors could not be made (`updateMeaning`): the model or provider failed.
    case embedding(reason: String)
    /// A conversation's file could not be opened or written, or has no such conversation.
    case conversation(reason: String)
    /// The language model could not be asked, or stopped mid-answer (`FolioConversation`);
    /// the turn is kept as failed or incomplete.
    case answer(AskError)

    public var description: String {
        switch self {
        case let .store(error):
            "\(error)"
        case let .readOnly(operation):
            "cannot \(operation): the engine was opened read-only (FolioEngine(readOnly: false) writes)"
        case .sourceIdRequired:
            "give a sourceId (or, for text, a name): Folio keeps every document under an identifier"
        case let .notAFile(url):
            "\(url) is not a file URL; ingest its content as .data(_, fileExtension:) instead"
        case let .unsupportedType(sourceId, name):
            "\(sourceId): Folio has no loader for \(name); register one with FolioEngine.register(_:forExtensions:)"
        case let .unreadable(sourceId, reason):
            "\(sourceId) was not indexed: \(reason)"
        case let .cannotStage(sourceId, reason):
            "\(sourceId) could not be written to the temporary folder to be read: \(reason); check TMPDIR"
        case let .filter(error):
            "the search: \(error)"
        case let .meaningUnavailable(reason):
            "cannot search by meaning: \(reason); search with mode .lexical or .hybrid"
        case let .conversation(reason):
            "the conversation: \(reason)"
        case let .answer(error):
            "no answer: \(error)"
        case let .embedding(reason):
            "vectors could not be made: \(reason)"
        }
    }
}
