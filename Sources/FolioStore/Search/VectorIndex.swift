/// The vectors of one model held in memory, for nearest-neighbour search by a full scan:
/// exact (but for the int8 rounding), and a few milliseconds at 100,000 windows of 384
/// components (docs/benchmarks.md). Refreshed incrementally: vectors are appended in rowid
/// order, so `IndexReader.refresh(_:)` reads only rows newer than `lastRow`.
public struct VectorIndex: Sendable {
    public let model: EmbeddingModelRecord
    public private(set) var keys: [Int64] = []
    var scales: [Float] = []
    var components: [Int8] = []
    public private(set) var dimension: Int
    /// The highest `vector.id` read.
    public internal(set) var lastRow: Int64 = 0

    public init(model: EmbeddingModelRecord) {
        self.model = model
        dimension = model.dimension ?? 0
    }

    public var count: Int { keys.count }

    mutating func append(key: Int64, scale: Float, bytes: [UInt8]) {
        if dimension == 0 { dimension = bytes.count }
        guard bytes.count == dimension else { return }
        keys.append(key)
        scales.append(scale)
        components.append(contentsOf: bytes.map { Int8(bitPattern: $0) })
    }

    /// The `limit` window keys most similar to `query` (a unit vector), best first, with
    /// their cosine similarity. The query is quantised like the vectors, and each dot
    /// product is taken sixteen int8 components at a time in int32, ten times faster than in
    /// float (docs/benchmarks.md). `among`: only these windows (those a search's filters
    /// allow, `IndexReader.windowKeys(allowedBy:)`).
    public func nearest(_ query: [Float], limit: Int, among: Set<Int64>? = nil) -> [(key: Int64, similarity: Float)] {
        guard query.count == dimension, dimension > 0, limit > 0 else { return [] }
        let quantised = QuantisedVector(query)
        let lanes = dimension - dimension % 16
        var best = BoundedBest<ScoredRow>(capacity: limit)
        components.withUnsafeBytes { data in
            quantised.components.withUnsafeBytes { q in
                for row in 0..<keys.count {
                    if let among, !among.contains(keys[row]) { continue }
                    let base = row * dimension
                    var wide = SIMD16<Int32>()
                    var k = 0
                    while k < lanes {
                        let a = SIMD16<Int32>(truncatingIfNeeded: q.loadUnaligned(fromByteOffset: k, as: SIMD16<Int8>.self))
                        let b = SIMD16<Int32>(truncatingIfNeeded: data.loadUnaligned(fromByteOffset: base + k, as: SIMD16<Int8>.self))
                        wide &+= a &* b
                        k += 16
                    }
                    var sum = wide.wrappedSum()
                    while k < dimension {
                        sum &+= Int32(Int8(bitPattern: q[k])) &* Int32(Int8(bitPattern: data[base + k]))
                        k += 1
                    }
                    best.offer(ScoredRow(row: row, score: Float(sum) * scales[row] * quantised.scale))
                }
            }
        }
        return best.sorted().map { (keys[$0.row], $0.score) }
    }
}

extension VectorIndex {
    /// The cosine similarity of `query` (a unit vector) to each of `windows`, in their
    /// order; `nil` for a window this model has no vector for. A scan of the keys: a few
    /// windows are asked for, not worth a map of every key.
    public func similarities(_ query: [Float], to windows: [Int64]) -> [Float?] {
        guard query.count == dimension, dimension > 0 else { return windows.map { _ in nil } }
        var rows: [Int64: Int] = [:]
        let wanted = Set(windows)
        for (row, key) in keys.enumerated() where wanted.contains(key) { rows[key] = row }
        return windows.map { key in
            guard let row = rows[key] else { return nil }
            var sum: Float = 0
            for k in 0..<dimension { sum += query[k] * Float(components[row * dimension + k]) }
            return sum * scales[row]
        }
    }
}

/// A vector's row and its similarity to the query, the more similar first (then the
/// lower row).
struct ScoredRow: Comparable {
    let row: Int
    let score: Float

    static func < (a: ScoredRow, b: ScoredRow) -> Bool {
        a.score > b.score || (a.score == b.score && a.row < b.row)
    }
}
