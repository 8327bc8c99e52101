internal import FolioSQLite

/// A second tier of common words beside rarer terms (`AnyTermRanking`), ranked from the
/// chunks of the rarer terms alone, each weighed with every term's share (the common words'
/// from their counts), when that is the ranking of every chunk (max-score, Turtle and Flood
/// 1995): a chunk holding none of the rarer terms holds common words only and weighs less
/// than the sum of their ceilings, so a best `limit` all above that sum is the best of every
/// chunk. No common word's counts are summed over the whole index, which cost more than the
/// rarer terms' chunks (docs/benchmarks.md, "The second tier's common words last").
///
/// One pass over the blocks of chunks: a block's chunks holding a rarer term, as bits; with
/// a sieve, those whose documents it keeps; each weighed with the terms' shares in the
/// query's order, as the ranking of every chunk sums them, in sums over the block's chunks.
/// Weighing each rarer term's chunks over the whole index first, merging them, and then
/// sieving the merged chunks cost more than the rest of a filtered second tier
/// (docs/benchmarks.md, "The second tier in one pass over the blocks").
struct RarerTermsFirst {
    /// A term of the query: a common word's idf, blocks of counts and expression (walked in
    /// FTS5 where its counts or the chunks' lengths are missing), or a rarer term (`rarer`'s
    /// index).
    enum Term {
        case common(idf: Double, counts: [Int64: [UInt8]], expression: String)
        case rarer(Int)
    }

    /// In the query's order.
    let terms: [Term]
    let rarer: [RarerTermBlocks]
    /// The sum of the common words' ceilings.
    let ceiling: Double
    let bm25: BM25Terms

    /// The best `limit` chunks (those `sieve` keeps, with one) when they are the best of every
    /// chunk (kept): all above the ceiling. With a sieve, as many of them as the share of
    /// documents kept calls for; or, when fewer than `limit` are above the ceiling, all of
    /// them, if as many as `ListedTerm`'s threshold asks. `nil` otherwise, or when fewer than
    /// `limit` chunks hold a rarer term.
    func best(_ db: SQLiteConnection, limit: Int, keptBy sieve: ChunkSieve?) throws -> (kept: [ScoredChunk], ranked: Int)? {
        let size = BM25Terms.block
        var best = BoundedBest<ScoredChunk>(capacity: limit)
        var holding = 0
        var bits = [UInt64](repeating: 0, count: size / 64)
        var sums = [Double](repeating: 0, count: size), norms = sums
        var places: [Int] = []
        places.reserveCapacity(size)
        // Where each rarer term's walked chunks are, before and after a block's.
        var starts = [Int](repeating: 0, count: rarer.count), cursors = starts
        try bits.withUnsafeMutableBufferPointer { bits in
            try sums.withUnsafeMutableBufferPointer { sums in
                try norms.withUnsafeMutableBufferPointer { norms in
                    func rank(_ number: Int64, sieve: (UnsafeMutableBufferPointer<UInt64>) -> Void) throws {
                        for index in rarer.indices {
                            starts[index] = cursors[index]
                            rarer[index].mark(block: number, in: bits, from: &cursors[index])
                        }
                        let found = bits.reduce(0) { $0 + $1.nonzeroBitCount }
                        guard found > 0 else { return }
                        holding += found
                        sieve(bits)
                        places.removeAll(keepingCapacity: true)
                        for word in bits.indices {
                            var set = bits[word]
                            while set != 0 {
                                places.append(word &* 64 &+ set.trailingZeroBitCount)
                                set &= set &- 1
                            }
                        }
                        try weigh(db, block: number, places: places, kept: bits, norms: norms, sums: sums, walkedFrom: starts)
                        let first = number * Int64(size)
                        for place in places {
                            let sum = sums[place]
                            sums[place] = 0
                            if sum > ceiling { best.offer(ScoredChunk(score: -sum, chunk: first + Int64(place))) }
                        }
                        for word in bits.indices { bits[word] = 0 }
                    }
                    if let sieve {
                        try sieve.forEachBlock(db, through: bm25.newest / Int64(size), rank)
                    } else {
                        for number in 0...bm25.newest / Int64(size) { try rank(number) { _ in } }
                    }
                }
            }
        }
        guard holding >= limit else { return nil }
        let sorted = best.sorted()
        if sorted.count == limit {
            // With a sieve, as many as the best `limit` of every chunk would keep, as the share
            // estimates: each of the rest would cost a look-up of its document and row after.
            guard let sieve else { return (sorted, limit) }
            return (Array(sorted.prefix(Int((Double(limit) * sieve.shareKept).rounded(.up)))), limit)
        }
        // Fewer than `limit` above the ceiling, all among these: with a sieve, enough of them.
        guard let sieve else { return nil }
        return Double(sorted.count) * 4 >= Double(limit) * sieve.shareKept ? (sorted, limit) : nil
    }

    /// Adds every term's share, in the query's order, to the sums of block `number`'s chunks
    /// at `places` (their bits set in `kept`): from the rarer terms' hits and the common
    /// words' counts with the chunks' norms, when every one of them has a length (lengths
    /// are made when the index settles), else from FTS5.
    private func weigh(_ db: SQLiteConnection, block number: Int64, places: [Int], kept: UnsafeMutableBufferPointer<UInt64>,
                       norms: UnsafeMutableBufferPointer<Double>, sums: UnsafeMutableBufferPointer<Double>, walkedFrom starts: [Int]) throws {
        let known = bm25.lengths(of: number).map { lengths in
            lengths.withUnsafeBufferPointer { lengths in
                places.allSatisfy { place in
                    let length = BM25Terms.length(at: place, in: lengths)
                    norms[place] = bm25.norm(length)
                    return length > 0
                }
            }
        } ?? false
        let first = number * Int64(BM25Terms.block)
        for term in terms {
            switch term {
            case let .rarer(index):
                try rarer[index].addShares(block: number, kept: UnsafeBufferPointer(kept), norms: known ? UnsafeBufferPointer(norms) : nil,
                                           to: sums, walkedFrom: starts[index])
            case let .common(idf, counts, expression):
                if known, let blob = counts[number] {
                    blob.withUnsafeBufferPointer { counts in
                        for place in places where counts[place] > 0 {
                            sums[place] += BM25Terms.weight(idf: idf, frequency: Double(counts[place]), norm: norms[place])
                        }
                    }
                    continue
                }
                for row in try BM25Terms.walk(db, expression, in: number...number) {
                    let place = Int(row.chunk - first)
                    if kept[place >> 6] >> UInt64(place & 63) & 1 != 0 {
                        sums[place] += BM25Terms.weight(idf: idf, frequency: row.frequency, norm: bm25.norm(row.length))
                    }
                }
            }
        }
    }
}
