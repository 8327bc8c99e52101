/// The common words of a second tier, for the pass that weighs every kept chunk
/// (`RarerTermsFirst.everyKept`): which chunks of a block hold each, from their counts, and
/// which of those chunks can still be among the best. A chunk that holds no rarer term weighs
/// less than the sum of the ceilings of the common words it holds (max-score, Turtle and Flood
/// 1995, a chunk at a time): once the best found so far are all above some sum, only chunks
/// holding a set of words whose ceilings reach it are weighed. Of two common words (`does`,
/// `need`), most chunks hold one; once the worst of the best weighs more than either word's
/// ceiling, only the chunks holding both are left.
struct CommonWordSets {
    /// The most words whose sets are told apart: over it, a chunk holding any of them is weighed.
    static let mostWords = 6

    /// Each common word's blocks of counts, in the query's order.
    private let counts: [[Int64: [UInt8]]]
    /// Each set of the first `mostWords` words (a bit a word), the sum of their ceilings.
    private let sums: [Double]
    /// The bits of each word's chunks in the block marked last, `RarerTermsFirst.Found.words`
    /// to a word.
    private var bits: [UInt64]
    /// The sets whose ceilings reach `floor`, none holding another that does.
    private var reaching: [Int] = []
    private var floor = -1.0

    init(_ terms: [RarerTermsFirst.Term]) {
        var counts: [[Int64: [UInt8]]] = [], ceilings: [Double] = []
        for term in terms {
            guard case let .common(idf, blocks, _) = term else { continue }
            counts.append(blocks)
            ceilings.append(BM25Terms.ceiling(idf: idf))
        }
        let told = min(ceilings.count, Self.mostWords)
        sums = (0..<1 << told).map { set in (0..<told).reduce(0) { set >> $1 & 1 != 0 ? $0 + ceilings[$1] : $0 } }
        self.counts = counts
        bits = [UInt64](repeating: 0, count: counts.count * RarerTermsFirst.Found.words)
    }

    /// Sets in `kept` the bits of block `number`'s chunks that hold a set of common words
    /// whose ceilings together reach `floor` (every chunk holding one, for 0); `false`, `kept`
    /// left as it was, when a word's counts of the block are not there. The ids of chunks
    /// deleted or never made hold no word: they have no length either, and a block where a
    /// chunk weighed has none is walked in FTS5, each chunk's length made again from its text.
    mutating func mark(block number: Int64, reaching floor: Double, in kept: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        guard counts.allSatisfy({ $0[number] != nil }) else { return false }
        let words = RarerTermsFirst.Found.words
        if floor != self.floor { sets(reaching: floor) }
        bits.withUnsafeMutableBufferPointer { bits in
            for (word, blocks) in counts.enumerated() {
                let row = UnsafeMutableBufferPointer(rebasing: bits[word * words..<(word + 1) * words])
                row.update(repeating: 0)
                blocks[number]!.withUnsafeBufferPointer { TermCounts.markHolding($0, in: row) }
            }
            // The words beyond those told apart: a chunk holding any of them is weighed.
            for word in Self.mostWords..<max(Self.mostWords, counts.count) {
                for at in 0..<words { kept[at] |= bits[word * words + at] }
            }
            for set in reaching {
                for at in 0..<words {
                    var all = UInt64.max
                    for word in 0..<min(counts.count, Self.mostWords) where set >> word & 1 != 0 { all &= bits[word * words + at] }
                    kept[at] |= all
                }
            }
        }
        return true
    }

    /// The sets whose ceilings reach `floor`, but none that holds another that does.
    private mutating func sets(reaching floor: Double) {
        self.floor = floor
        let reach = sums.indices.dropFirst().filter { sums[$0] >= floor }
        reaching = reach.filter { set in !reach.contains { $0 != set && $0 & set == $0 } }
    }
}
