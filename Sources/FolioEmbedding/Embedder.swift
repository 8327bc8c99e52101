public import FolioCore

/// Which model made a set of vectors: vectors of two models are never compared, so the
/// index records this beside them and a query is embedded by the same model.
public struct EmbeddingModelIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    public var provider: EmbeddingOptions.Provider
    /// The model's name (`all-MiniLM-L6-v2`, an Ollama model) as the configuration gives it.
    public var model: String

    public init(provider: EmbeddingOptions.Provider, model: String) {
        self.provider = provider
        self.model = model
    }

    public var description: String { "\(provider.rawValue):\(model)" }
}

/// Turns texts into unit-length vectors, one per text, in order. Implementations block
/// the calling thread (a model run, or a request to a server).
public protocol Embedder: AnyObject, Sendable {
    var identity: EmbeddingModelIdentity { get }
    /// How many texts one call takes at most, for the best throughput.
    var batchSize: Int { get }
    func embed(_ texts: [String]) throws(EmbeddingError) -> [[Float]]
}

extension Embedder {
    /// One text's vector.
    public func embed(_ text: String) throws(EmbeddingError) -> [Float] {
        guard let vector = try embed([text]).first else { throw .runtime(reason: "no vector for one text") }
        return vector
    }
}

/// Scales a vector to unit length (cosine similarity becomes a dot product).
func normalised(_ vector: [Float]) -> [Float] {
    var sum: Float = 0
    for value in vector { sum += value * value }
    let norm = sum.squareRoot()
    return norm > 0 ? vector.map { $0 / norm } : vector
}
