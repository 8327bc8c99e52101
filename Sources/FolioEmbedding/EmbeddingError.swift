/// What went wrong while turning text into vectors, with what to do about it.
public enum EmbeddingError: Error, Equatable, CustomStringConvertible {
    /// Semantic search is off in the configuration.
    case disabled
    /// The local model or runtime is not installed where Folio looks.
    case notInstalled(what: String, lookedIn: [String])
    /// A model file is missing, unreadable or not of a kind Folio reads.
    case modelFile(path: String, reason: String)
    /// ONNX Runtime could not be loaded or failed on the model.
    case runtime(reason: String)
    /// A provider's server could not be reached or answered with an error.
    case server(url: String, reason: String)
    /// The server's answer did not have the shape of its protocol.
    case malformedReply(url: String, reason: String)
    /// The embedder process's socket failed mid-request.
    case embedder(reason: String)

    public var description: String {
        switch self {
        case .disabled:
            "semantic search is off ([embeddings] provider = \"none\")"
        case let .notInstalled(what, lookedIn):
            "\(what) is not installed (looked in \(lookedIn.joined(separator: ", "))); run scripts/install-semantic.sh"
        case let .modelFile(path, reason):
            "the model file \(path) \(reason)"
        case let .runtime(reason):
            "ONNX Runtime: \(reason)"
        case let .server(url, reason):
            "the embedding server at \(url): \(reason)"
        case let .malformedReply(url, reason):
            "the embedding server at \(url) answered in an unexpected shape: \(reason)"
        case let .embedder(reason):
            "the embedder process: \(reason)"
        }
    }
}
