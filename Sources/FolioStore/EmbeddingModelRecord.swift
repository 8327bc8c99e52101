/// A model that vectors in the index were made with (`embedding_model`).
public struct EmbeddingModelRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var provider: String
    public var name: String
    /// Unknown (`nil`) until the first vector is written.
    public var dimension: Int?
    /// When every window first had a vector; `nil` while the model is being built.
    public var completedAt: Int64?

    public init(id: Int64, provider: String, name: String, dimension: Int?, completedAt: Int64?) {
        self.id = id
        self.provider = provider
        self.name = name
        self.dimension = dimension
        self.completedAt = completedAt
    }
}

/// A chunk's text as the semantic stage reads it to cut windows.
public struct ChunkText: Sendable, Equatable {
    public var id: Int64
    public var title: String?
    public var section: String?
    public var text: String

    public init(id: Int64, title: String?, section: String?, text: String) {
        self.id = id
        self.title = title
        self.section = section
        self.text = text
    }
}
