public import FolioProtocol
internal import FolioSemantic
internal import FolioCore
internal import FolioStore

extension FolioEngine {
    /// Gives every chunk without a vector one, with the configuration's embedding model
    /// (`[embeddings]`: the local all-MiniLM-L6-v2 by default, or Ollama, or an
    /// OpenAI-compatible server), calling `progress` after each batch; returns how many
    /// windows were embedded. Searches by meaning then find what was ingested.
    ///
    /// What `foliod` does in the background for the files it indexes; an app ingesting
    /// beside it may leave it to the daemon instead. Slow: about 24 windows a second with
    /// the local model on two cores, a window being about 250 words. Only for an engine on
    /// disk that writes.
    @discardableResult
    public func updateMeaning(progress: (SemanticProgress) -> Void = { _ in }) throws(FolioEngineError) -> Int {
        guard let store = index.store else { throw .readOnly(operation: "make vectors") }
        guard databasePath != nil else { throw .meaningUnavailable(reason: "an engine in memory searches by words only") }
        do {
            let embedder = try EmbedderFactory.make(options: configuration.embeddings, paths: FolioPaths(environment: environment),
                                                    environment: environment)
            return try SemanticStage(store: store, embedder: embedder).runToCompletion(progress: progress).embedded
        } catch let error as StoreError {
            throw .store(error)
        } catch let error as SemanticStageError {
            if case let .store(store) = error { throw .store(store) }
            throw .embedding(reason: error.description)
        } catch {
            throw .embedding(reason: "\(error)")
        }
    }
}
