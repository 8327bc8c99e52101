/// The vectors of one model held in memory, for nearest-neighbour search by a full scan:
/// exact, and at 140,000 windows of 384 int8 components a few tens of milliseconds on one
/// core (docs/benchmarks.md). Refreshed incrementally: vectors are appended in rowid order,
/// so `IndexReader.refresh(_:)` reads only rows newer than `lastRow`.
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
    /// their cosine similarity.
    public func nearest(_ query: [Float], limit: Int) -> [(key: Int64, similarity: Float)] {
        guard query.count == dimension, dimension > 0, limit > 0 else { return [] }
        var best = BoundedBest(capacity: limit)
        components.withUnsafeBufferPointer { data in
            query.withUnsafeBufferPointer { q in
                for row in 0..<keys.count {
                    let base = row * dimension
                    var sum: Float = 0
                    for k in 0..<dimension { sum += q[k] * Float(data[base + k]) }
                    best.offer(row, sum * scales[row])
                }
            }
        }
        return best.sorted().map { (keys[$0.row], $0.score) }
    }
}

/// The `capacity` highest scores offered, kept in a min-heap.
struct BoundedBest {
    let capacity: Int
    private var heap: [(row: Int, score: Float)] = []

    init(capacity: Int) {
        self.capacity = capacity
        heap.reserveCapacity(capacity)
    }

    mutating func offer(_ row: Int, _ score: Float) {
        if heap.count < capacity {
            heap.append((row, score))
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child].score < heap[parent].score else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        } else if score > heap[0].score {
            heap[0] = (row, score)
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].score < heap[smallest].score { smallest = left }
                if right < heap.count, heap[right].score < heap[smallest].score { smallest = right }
                guard smallest != parent else { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }

    func sorted() -> [(row: Int, score: Float)] {
        heap.sorted { $0.score > $1.score || ($0.score == $1.score && $0.row < $1.row) }
    }
}
