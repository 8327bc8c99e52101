public import FolioCore
package import FolioEmbedding
public import FolioStore

/// Answers `nearest` from the codes of the vectors in memory (`VectorIndex`) and the int8
/// vectors of their shortlist read from the index: the model queries use (the newest
/// complete one, which may not be the one being built), its codes read anew only where rows
/// were added since the last query.
package struct QueryAnswerer {
    package let databasePath: String
    let configuration: FolioConfiguration
    let paths: FolioPaths
    let environment: [String: String]
    private var embedders: [String: any Embedder] = [:]
    private var index: VectorIndex?
    private var reader: IndexReader?

    /// `embedder`: one loaded already, used when the index's model is its model.
    package init(databasePath: String, embedder: (any Embedder)?, configuration: FolioConfiguration, paths: FolioPaths, environment: [String: String]) {
        self.databasePath = databasePath
        self.configuration = configuration
        self.paths = paths
        self.environment = environment
        if let embedder { embedders[embedder.identity.description] = embedder }
    }

    /// `filters`: only among the windows they allow.
    package mutating func nearest(_ text: String, limit: Int, filters: SearchFilters? = nil) throws -> NearestWindows? {
        if reader == nil { reader = try IndexReader(path: databasePath, mapped: false) }
        guard let reader, let model = try reader.queryModel() else { return nil }
        if index?.model.id != model.id { index = VectorIndex(model: model) }
        try reader.refresh(&index!)
        let embedder = try embedder(for: model)
        let vector = try embedder.embed(text)
        let among = try filters.map { filters throws(StoreError) in try reader.vectorRows(allowedBy: filters, model: model.id) }
        return NearestWindows(model: model.id, windows: try reader.nearest(vector, in: index!, limit: limit, among: among)
            .map { .init(key: $0.key, similarity: $0.similarity) })
    }

    /// How near each of `texts` is in meaning to each of `windows` (by their vectors in
    /// the model queries use); `nil` when the index has no such model yet.
    package mutating func similarities(_ texts: [String], windows: [Int64]) throws -> [[Float?]]? {
        if reader == nil { reader = try IndexReader(path: databasePath, mapped: false) }
        guard let reader, let model = try reader.queryModel() else { return nil }
        let vectors = try embedder(for: model).embed(texts)
        return try vectors.map { vector throws(StoreError) in try reader.similarities(vector, to: windows, model: model.id) }
    }

    private mutating func embedder(for model: EmbeddingModelRecord) throws -> any Embedder {
        let name = "\(model.provider):\(model.name)"
        if let embedder = embedders[name] { return embedder }
        let embedder = try EmbedderFactory.make(options: configuration.embeddings.naming(model), paths: paths, environment: environment)
        embedders[name] = embedder
        return embedder
    }
}

extension EmbeddingOptions {
    /// These options with the provider and model of a model in the index: the one a query
    /// must be embedded with, even when the configuration has moved on to another.
    public func naming(_ model: EmbeddingModelRecord) -> EmbeddingOptions {
        var options = self
        options.provider = Provider(rawValue: model.provider) ?? provider
        options.model = model.name
        return options
    }
}
