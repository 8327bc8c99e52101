public import FolioCore
public import FolioEmbedding

/// The embedder the configuration names, ready to run.
public enum EmbedderFactory {
    /// `threads`: the local model's intra-op threads (0: one per core); `environment`
    /// holds `OPENAI_API_KEY` when no key file is configured.
    public static func make(options: EmbeddingOptions, paths: FolioPaths, environment: [String: String], threads: Int = 0) throws(EmbeddingError) -> any Embedder {
        switch options.provider {
        case .none:
            throw .disabled
        case .local:
            return try LocalEmbedder(location: LocalModelLocation.find(options: options, paths: paths), name: options.model, threads: threads)
        case .ollama, .openai:
            return try RemoteEmbedder(options: options, paths: paths, environment: environment)
        }
    }
}
