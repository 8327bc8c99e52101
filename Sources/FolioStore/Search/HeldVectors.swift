/// The int8 vectors of a small collection, held beside their codes: up to a hundred
/// thousand (`VectorIndex.holdingLimit`, 40 MB), a scan of them all in memory is exact and
/// costs less than reading a shortlist from the index, a millisecond or more
/// (docs/benchmarks.md, "At today's sizes, side by side"). Past that they are let go, and
/// the two passes answer.
struct HeldVectors: Sendable {
    var keys: [Int64] = []
    var scales: [Float] = []
    var components: [Int8] = []

    mutating func reserve(_ count: Int, dimension: Int) {
        keys.reserveCapacity(count)
        scales.reserveCapacity(count)
        components.reserveCapacity(count * dimension)
    }

    mutating func append(key: Int64, scale: Float, components bytes: UnsafeRawBufferPointer) {
        keys.append(key)
        scales.append(scale)
        components.append(contentsOf: bytes.assumingMemoryBound(to: Int8.self))
    }

    /// The `limit` most similar to `query` of the vectors at `positions` (all when `nil`),
    /// best first, with their cosine similarity: the exact scan.
    func nearest(_ query: [Float], limit: Int, positions: [Int]?) -> [(key: Int64, similarity: Float)] {
        let quantised = QuantisedVector(query)
        let dimension = query.count
        var best = BoundedBest<ScoredRow>(capacity: limit)
        components.withUnsafeBytes { data in
            func offer(_ position: Int) {
                let vector = UnsafeRawBufferPointer(rebasing: data[position * dimension..<(position + 1) * dimension])
                best.offer(ScoredRow(row: position, score: Float(Int8Dot.product(quantised.components, vector)) * scales[position] * quantised.scale))
            }
            if let positions {
                positions.forEach(offer)
            } else {
                for position in keys.indices { offer(position) }
            }
        }
        return best.sorted().map { (keys[$0.row], $0.score) }
    }
}
