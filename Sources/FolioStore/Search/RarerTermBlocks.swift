/// A rarer term's chunks in a second tier whose other terms are common words
/// (`RarerTermsFirst`), block by block: from the term's hits (`TermHits`) where they are
/// there, else from FTS5's walk of the blocks.
final class RarerTermBlocks {
    /// The term's chunks within blocks and their shares, from FTS5, as the ranking of every
    /// chunk weighs them.
    typealias Weighed = (ClosedRange<Int64>) throws -> [(chunk: Int64, weight: Double)]

    /// The term's, for its shares from its hits.
    private let idf: Double
    /// By block number, the term's hits there: empty where none are kept (`fromFTS5`) or
    /// no chunk holds it.
    private let hits: [[UInt8]]
    /// By block number: whether the block's chunks are among `walked`.
    private let fromFTS5: [Bool]
    /// The chunks of the blocks from FTS5 and the term's shares, in chunk order.
    private let walked: [(chunk: Int64, weight: Double)]
    private let weighed: Weighed
    private let bm25: BM25Terms

    /// A frequent word whose chunks were counted: its blocks of `hits` and `idf`, and the
    /// blocks without hits from FTS5.
    init(hits: [Int64: [UInt8]], idf: Double, bm25: BM25Terms, weighed: @escaping Weighed) throws {
        let blocks = Int(bm25.newest / Int64(BM25Terms.block)) + 1
        var byBlock = [[UInt8]](repeating: [], count: blocks)
        var fromFTS5 = [Bool](repeating: true, count: blocks)
        for (number, blob) in hits where (0..<Int64(blocks)).contains(number) {
            byBlock[Int(number)] = blob
            fromFTS5[Int(number)] = false
        }
        var walked: [(chunk: Int64, weight: Double)] = []
        for range in BM25Terms.runs(of: fromFTS5.indices.filter { fromFTS5[$0] }.map(Int64.init)) { walked += try weighed(range) }
        (self.idf, self.hits, self.fromFTS5, self.walked, self.weighed, self.bm25) = (idf, byBlock, fromFTS5, walked, weighed, bm25)
    }

    /// Any other term: every chunk of it, `walked` in FTS5.
    init(walked: [(chunk: Int64, weight: Double)], bm25: BM25Terms) {
        let size = Int64(BM25Terms.block)
        (idf, hits, fromFTS5, self.walked, self.bm25) = (0, [], [Bool](repeating: true, count: Int(bm25.newest / size) + 1), walked, bm25)
        weighed = { range in walked.filter { range.contains($0.chunk / size) } }
    }

    /// Whether any chunk holds the term.
    var isHeld: Bool { !walked.isEmpty || hits.contains { !$0.isEmpty } }

    /// Sets the bits (a bit a chunk of the block) of block `number`'s chunks holding the
    /// term. `cursor`: where the block's walked chunks are looked for (the blocks come in
    /// order), moved past them.
    func mark(block number: Int64, in bits: UnsafeMutableBufferPointer<UInt64>, from cursor: inout Int) {
        if fromFTS5[Int(number)] {
            let first = number * Int64(BM25Terms.block)
            while cursor < walked.count, walked[cursor].chunk < first + Int64(BM25Terms.block) {
                let place = Int(walked[cursor].chunk - first)
                bits[place >> 6] |= 1 << UInt64(place & 63)
                cursor += 1
            }
            return
        }
        hits[Int(number)].withUnsafeBufferPointer { blob in
            for entry in 0..<blob.count / 2 {
                let place = TermHits.entry(entry, of: blob).place
                bits[place >> 6] |= 1 << UInt64(place & 63)
            }
        }
    }

    /// Adds the term's share to `sums` (a sum a chunk of block `number`) of the chunks whose
    /// bits are set in `kept` (at `places`) that hold it: from its hits and `norms` (the
    /// chunks', when each kept chunk has a length), else from FTS5. `cursor`: where `mark`
    /// found the block's walked chunks.
    func addShares(block number: Int64, kept: UnsafeBufferPointer<UInt64>, places: [Int], norms: UnsafeBufferPointer<Double>?,
                   to sums: UnsafeMutableBufferPointer<Double>, walkedFrom cursor: Int) throws {
        let first = number * Int64(BM25Terms.block)
        func isKept(_ place: Int) -> Bool { kept[place >> 6] >> UInt64(place & 63) & 1 != 0 }
        guard !fromFTS5[Int(number)] else {
            var cursor = cursor
            while cursor < walked.count, walked[cursor].chunk < first + Int64(BM25Terms.block) {
                let place = Int(walked[cursor].chunk - first)
                if isKept(place) { sums[place] += walked[cursor].weight }
                cursor += 1
            }
            return
        }
        guard !hits[Int(number)].isEmpty else { return }
        guard let norms else {
            for row in try weighed(number...number) where isKept(Int(row.chunk - first)) { sums[Int(row.chunk - first)] += row.weight }
            return
        }
        // Over the bytes in place: the loop runs for every chunk of the term in the block, or,
        // where a filter keeps few of them, each kept chunk is looked for among them.
        hits[Int(number)].withUnsafeBufferPointer { blob in
            let entries = blob.count / 2
            guard places.count * 8 < entries else {
                for entry in 0..<entries {
                    let (place, hits) = TermHits.entry(entry, of: blob)
                    if isKept(place) { sums[place] += BM25Terms.weight(idf: idf, frequency: Double(hits), norm: norms[place]) }
                }
                return
            }
            var low = 0
            for place in places {
                var high = entries
                while low < high {
                    let middle = (low + high) / 2
                    if TermHits.entry(middle, of: blob).place < place { low = middle + 1 } else { high = middle }
                }
                guard low < entries else { return }
                let (at, hits) = TermHits.entry(low, of: blob)
                if at == place { sums[place] += BM25Terms.weight(idf: idf, frequency: Double(hits), norm: norms[place]) }
            }
        }
    }
}
