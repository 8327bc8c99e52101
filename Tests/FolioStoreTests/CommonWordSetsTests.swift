import Testing
@testable import FolioStore

/// The common words' chunks for the pass that weighs every kept chunk: each word's from its
/// counts, and of those, the chunks holding a set of words whose ceilings reach the best so
/// far's worst.
@Suite struct CommonWordSetsTests {
    static let words = RarerTermsFirst.Found.words

    /// The places of the bits set.
    static func places(_ bits: [UInt64]) -> [Int] {
        (0..<bits.count * 64).filter { bits[$0 / 64] >> UInt64($0 % 64) & 1 != 0 }
    }

    /// A block of counts from a generator: zeros and every kind of byte (1, 0x7f, 0x80, 0xff,
    /// whose high or low bits alone would be misread as 0).
    static func counts<Generator: RandomNumberGenerator>(_ generator: inout Generator, holding share: Double) -> [UInt8] {
        let kinds: [UInt8] = [1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff]
        return (0..<BM25Terms.block).map { _ in
            Double.random(in: 0..<1, using: &generator) < share ? kinds.randomElement(using: &generator)! : 0
        }
    }

    @Test func markHolding_setsTheBitsOfTheCountsNotZero_andKeepsThoseSet() {
        var generator = SystemRandomNumberGenerator()
        for share in [0, 0.1, 0.5, 1] {
            let counts = Self.counts(&generator, holding: share)
            var bits = [UInt64](repeating: 0, count: Self.words)
            bits[3] = 1 << 17
            bits.withUnsafeMutableBufferPointer { bits in counts.withUnsafeBufferPointer { TermCounts.markHolding($0, in: bits) } }
            let expected = Set(counts.indices.filter { counts[$0] != 0 }).union([3 * 64 + 17]).sorted()
            #expect(Self.places(bits) == expected, "share \(share)")
        }
    }

    /// Four common words (ceilings 1, 2, 4 and 8) beside a rarer term, in block 2: the chunks
    /// marked are those holding words whose ceilings sum to the floor or more (summed in the
    /// query's order, as the sets' sums are).
    @Test func mark_keepsTheChunksWhoseWordsCeilingsReachTheFloor() {
        var generator = SystemRandomNumberGenerator()
        let idfs = [1.0, 2, 4, 8].map { $0 / BM25Terms.ceiling(idf: 1) }
        let ceilings = idfs.map { BM25Terms.ceiling(idf: $0) }
        let blocks = idfs.map { _ in Self.counts(&generator, holding: 0.4) }
        var terms: [RarerTermsFirst.Term] = [.rarer(0)]
        for (idf, counts) in zip(idfs, blocks) { terms.append(.common(idf: idf, counts: [2: counts], expression: "w")) }
        var sets = CommonWordSets(terms)
        // Floors up and down, some the sum of a set's ceilings: the sets reaching one are made
        // again for the next.
        for floor in [0, 2.5, ceilings[0] + ceilings[1] + ceilings[2], 12.5, ceilings[0] + ceilings[1], 15.5, ceilings.reduce(0, +)] {
            var bits = [UInt64](repeating: 0, count: Self.words)
            let marked = bits.withUnsafeMutableBufferPointer { sets.mark(block: 2, reaching: floor, in: $0) }
            #expect(marked)
            let expected = (0..<BM25Terms.block).filter { place in
                let sum = ceilings.indices.reduce(0.0) { blocks[$1][place] != 0 ? $0 + ceilings[$1] : $0 }
                return sum > 0 && sum >= floor
            }
            #expect(Self.places(bits) == expected, "floor \(floor)")
        }
        var bits = [UInt64](repeating: 0, count: Self.words)
        bits[0] = 5
        #expect(!bits.withUnsafeMutableBufferPointer { sets.mark(block: 1, reaching: 0, in: $0) }, "no counts of block 1")
        #expect(bits == [5] + [UInt64](repeating: 0, count: Self.words - 1), "left as it was")
    }

    /// Beyond the words whose sets are told apart, a chunk holding any other is marked
    /// whatever the floor.
    @Test func mark_keepsEveryChunkOfTheWordsBeyondThoseToldApart() {
        var generator = SystemRandomNumberGenerator()
        let blocks = (0..<CommonWordSets.mostWords + 2).map { _ in Self.counts(&generator, holding: 0.2) }
        let terms = blocks.map { RarerTermsFirst.Term.common(idf: 1, counts: [0: $0], expression: "w") }
        var sets = CommonWordSets(terms)
        var bits = [UInt64](repeating: 0, count: Self.words)
        #expect(bits.withUnsafeMutableBufferPointer { sets.mark(block: 0, reaching: 1_000, in: $0) })
        let beyond = blocks[CommonWordSets.mostWords...]
        #expect(Self.places(bits) == (0..<BM25Terms.block).filter { place in beyond.contains { $0[place] != 0 } })
    }
}
