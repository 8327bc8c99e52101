/// The windows nearest a query's vector, best first, from one model's `VectorIndex`.
public struct NearestWindows: Sendable, Equatable {
    public var model: Int64
    public var windows: [Window]

    public struct Window: Sendable, Equatable, Codable {
        public var key: Int64
        public var similarity: Float

        public init(key: Int64, similarity: Float) {
            self.key = key
            self.similarity = similarity
        }
    }

    public init(model: Int64, windows: [Window]) {
        self.model = model
        self.windows = windows
    }
}
