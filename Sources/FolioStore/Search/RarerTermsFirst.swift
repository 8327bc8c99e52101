internal import FolioSQLite
internal import FolioText

/// A second tier of common words beside rarer terms (`AnyTermRanking`), ranked from the
/// chunks of the rarer terms alone, each weighed with every term's share (the common words'
/// from their counts), when that is the ranking of every chunk (max-score, Turtle and Flood
/// 1995): a chunk holding none of the rarer terms holds common words only and weighs less
/// than the sum of their ceilings, so a best `limit` all above that sum is the best of every
/// chunk. No common word's counts are summed over the whole index, which cost more than the
/// rarer terms' chunks (docs/benchmarks.md, "The second tier's common words last").
///
/// One pass over the blocks of chunks: a block's chunks holding a rarer term, as bits; with
/// a sieve, those whose documents it keeps; each weighed with every term's share. Weighing
/// each rarer term's chunks over the whole index first, merging them, and then sieving the
/// merged chunks cost more than the rest of a filtered second tier (docs/benchmarks.md, "The
/// second tier in one pass over the blocks"). The same pass gives the first tier, the kept
/// chunks that hold every term (`MixedTermRanking`), when a filter calls for both.
struct RarerTermsFirst {
    /// A term of the query: a common word's idf, blocks of counts and expression (walked in
    /// FTS5 where its counts or the chunks' lengths are missing), or a rarer term (`rarer`'s
    /// index).
    enum Term {
        case common(idf: Double, counts: [Int64: [UInt8]], expression: String)
        case rarer(Int)
    }

    /// What the pass over the blocks found: how many chunks hold a rarer term; the blocks
    /// where some of them are kept, with their bits (`words` to a block) and where each rarer
    /// term's walked chunks are there; and, when asked, the best of the kept chunks that hold
    /// every term, scored as the first tier scores them.
    struct Found {
        static let words = BM25Terms.block / 64
        let holding: Int
        let numbers: [Int64]
        let bits: [UInt64]
        let starts: [Int]
        let all: [ScoredChunk]
    }

    /// A pass the first tier made with a sieve, for the second tier of the same terms (in the
    /// search's `TermSightings`).
    struct Made {
        let expressions: [String]
        let pass: RarerTermsFirst
        let found: Found

        /// Whether the pass was over `terms`.
        func serves(_ terms: [SearchQuery.Term]) -> Bool {
            expressions.count == terms.count && zip(expressions, terms).allSatisfy { $0 == $1.expression }
        }
    }

    /// In the query's order.
    let terms: [Term]
    let rarer: [RarerTermBlocks]
    /// For each term, whether it is in any chunk, for a rarer term from hits (`nil` else).
    let held: [Bool?]
    /// The sum of the common words' ceilings.
    let ceiling: Double
    let bm25: BM25Terms

    /// `terms`, with their chunks at the last count (`nil`: unknown), each a common word
    /// (`common`: its counted word), a frequent word (`frequent`: its word, whose hits give
    /// its chunks) or another term, whose chunks and shares `walked` gives.
    init(_ db: SQLiteConnection, terms: [SearchQuery.Term], counts: [Double?], common: [String?], frequent: [String?], bm25: BM25Terms,
         walked: (Int) throws -> [(chunk: Int64, weight: Double)]) throws {
        var shares: [Term] = [], rarer: [RarerTermBlocks] = [], held: [Bool?] = []
        var ceiling = 0.0
        for index in terms.indices {
            let expression = terms[index].expression
            let idf = counts[index].map { bm25.idf($0) } ?? 0
            if let word = common[index] {
                shares.append(.common(idf: idf, counts: try bm25.counts(db, of: word), expression: expression))
                ceiling += BM25Terms.ceiling(idf: idf)
                held.append(nil)
                continue
            }
            if let word = frequent[index], let count = counts[index] {
                rarer.append(try RarerTermBlocks(hits: try bm25.hits(db, of: word), idf: idf, bm25: bm25) { range in
                    try BM25Terms.weighed(db, expression, count: count, in: range)
                })
                held.append(rarer[rarer.count - 1].isHeld)
            } else {
                rarer.append(RarerTermBlocks(walked: try walked(index), bm25: bm25))
                held.append(nil)
            }
            shares.append(.rarer(rarer.count - 1))
        }
        (self.terms, self.rarer, self.held, self.ceiling, self.bm25) = (shares, rarer, held, ceiling, bm25)
    }

    /// The best `limit` chunks (those `sieve` keeps, with one), when they are the best of every
    /// chunk (kept).
    func best(_ db: SQLiteConnection, limit: Int, keptBy sieve: ChunkSieve?) throws -> (kept: [ScoredChunk], ranked: Int)? {
        try best(db, of: try find(db, keptBy: sieve, allCapacity: 0), limit: limit, keptBy: sieve)
    }

    /// Of what a pass found, the best `limit` chunks when they are the best of every chunk
    /// (kept): all above the ceiling. With a sieve, as many of them as the share of documents
    /// kept calls for; or, when fewer than `limit` are above the ceiling, all of them, if as
    /// many as `ListedTerm`'s threshold asks; otherwise, with a sieve, as many of the best of
    /// every chunk it keeps (`everyKept`). Without one, `nil` when fewer than `limit` are
    /// above the ceiling or fewer than `limit` chunks hold a rarer term.
    func best(_ db: SQLiteConnection, of found: Found, limit: Int, keptBy sieve: ChunkSieve?) throws -> (kept: [ScoredChunk], ranked: Int)? {
        // With a sieve, as many as the best `limit` of every chunk would keep, as the share
        // estimates: each of the rest would cost a look-up of its document and row after.
        let share = sieve.map { max(1, Int((Double(limit) * $0.shareKept).rounded(.up))) }
        if found.holding >= limit {
            let sorted = try weighKept(db, found, limit: limit)
            if sorted.count == limit { return (Array(sorted.prefix(share ?? limit)), limit) }
            // Fewer than `limit` above the ceiling, all among these: with a sieve, enough of them.
            if let sieve, Double(sorted.count) * 4 >= Double(limit) * sieve.shareKept { return (sorted, limit) }
        }
        guard let sieve, let share else { return nil }
        // Every chunk weighed is a kept one: the best `share` of them, all when fewer.
        let every = try everyKept(db, limit: share, keptBy: sieve)
        return (every, every.count < share ? every.count : limit)
    }

    /// The best `limit` of every chunk `sieve` keeps that holds a term, best first, each
    /// weighed with every term's share in the query's order as the ranking of every chunk
    /// sums them: for a filter that leaves too few kept chunks above the common words'
    /// ceiling, whose results must come from chunks of common words alone too. Ranking every
    /// chunk of the index and then sieving its best cost a filter that keeps a tenth of the
    /// documents more than the rest of the search (docs/benchmarks.md, "Checked at run time,
    /// and words in half the chunks"). Of a block, only the chunks holding a rarer term or a
    /// set of common words whose ceilings reach the worst of the best so far are sieved and
    /// weighed (`CommonWordSets`; docs/benchmarks.md, "Every kept chunk, fewer weighed").
    private func everyKept(_ db: SQLiteConnection, limit: Int, keptBy sieve: ChunkSieve) throws -> [ScoredChunk] {
        let size = BM25Terms.block, words = Found.words
        var kept = [UInt64](repeating: 0, count: words)
        var sums = [Double](repeating: 0, count: size), norms = sums
        var every = EveryKept(best: BoundedBest(capacity: limit), cursors: [Int](repeating: 0, count: rarer.count),
                              common: CommonWordSets(terms))
        every.places.reserveCapacity(size)
        let newest = bm25.newest
        try kept.withUnsafeMutableBufferPointer { kept in
            try sums.withUnsafeMutableBufferPointer { sums in
                try norms.withUnsafeMutableBufferPointer { norms in
                    func weigh(_ number: Int64, _ every: inout EveryKept, sieve: (UnsafeMutableBufferPointer<UInt64>) -> Void) throws {
                        let starts = every.cursors
                        for word in 0..<words { kept[word] = 0 }
                        for index in rarer.indices { rarer[index].mark(block: number, in: kept, from: &every.cursors[index]) }
                        // What the worst of the best so far weighs: a chunk must weigh more to be among them.
                        let floor = every.best.worst.map { -$0.score } ?? 0
                        if !every.common.mark(block: number, reaching: floor, in: kept) {
                            let chunks = Int(min(Int64(size), newest - number * Int64(size) + 1))
                            for word in 0..<words {
                                let below = chunks - word * 64
                                kept[word] = below >= 64 ? .max : below > 0 ? (1 << UInt64(below)) - 1 : 0
                            }
                        }
                        guard kept.contains(where: { $0 != 0 }) else { return }
                        sieve(kept)
                        try offer(db, block: number, kept: UnsafeBufferPointer(kept), places: &every.places, norms: norms, sums: sums,
                                  walkedFrom: starts[...], above: floor, to: &every.best)
                    }
                    try sieve.forEachBlock(db, through: newest / Int64(size)) { number, sieve in try weigh(number, &every, sieve: sieve) }
                }
            }
        }
        return every.best.sorted()
    }

    /// What `everyKept` has found up to a block, given to each block's step as one `inout`
    /// (as `Progress`).
    private struct EveryKept {
        var best: BoundedBest<ScoredChunk>
        var cursors: [Int]
        var common: CommonWordSets
        var places: [Int] = []
    }

    /// The pass over the blocks: each block's chunks holding a rarer term as bits, those
    /// `sieve` keeps; and the best `allCapacity` of them that hold every term, scored as the
    /// first tier sums them (the rarer terms' shares, then the common words', each in the
    /// query's order: `MixedTermRanking`).
    func find(_ db: SQLiteConnection, keptBy sieve: ChunkSieve?, allCapacity: Int) throws -> Found {
        let size = BM25Terms.block, words = Found.words
        var progress = Progress(all: BoundedBest(capacity: allCapacity), starts: [Int](repeating: 0, count: rarer.count))
        progress.places.reserveCapacity(size)
        // Each rarer term's bits of the block, then their union and the chunks holding all.
        var bits = [UInt64](repeating: 0, count: (rarer.count + 2) * words)
        var shares = [Double](repeating: 0, count: terms.count * size), norms = [Double](repeating: 0, count: size)
        let rarerFirst = terms.indices.filter { if case .rarer = terms[$0] { true } else { false } }
            + terms.indices.filter { if case .common = terms[$0] { true } else { false } }
        try bits.withUnsafeMutableBufferPointer { bits in
            try shares.withUnsafeMutableBufferPointer { shares in
                try norms.withUnsafeMutableBufferPointer { norms in
                    let union = UnsafeMutableBufferPointer(rebasing: bits[rarer.count * words..<(rarer.count + 1) * words])
                    let every = UnsafeMutableBufferPointer(rebasing: bits[(rarer.count + 1) * words..<(rarer.count + 2) * words])
                    func find(_ number: Int64, _ progress: inout Progress, sieve: (UnsafeMutableBufferPointer<UInt64>) -> Void) throws {
                        for index in rarer.indices {
                            progress.starts[index] = progress.cursors[index]
                            rarer[index].mark(block: number, in: UnsafeMutableBufferPointer(rebasing: bits[index * words..<(index + 1) * words]),
                                              from: &progress.cursors[index])
                        }
                        for word in 0..<words {
                            (union[word], every[word]) = (0, .max)
                            for index in rarer.indices {
                                union[word] |= bits[index * words + word]
                                every[word] &= bits[index * words + word]
                                bits[index * words + word] = 0
                            }
                        }
                        let found = union.reduce(0) { $0 + $1.nonzeroBitCount }
                        guard found > 0 else { return }
                        progress.holding += found
                        sieve(union)
                        guard union.contains(where: { $0 != 0 }) else { return }
                        progress.numbers.append(number)
                        progress.kept += union
                        progress.keptStarts += progress.starts
                        guard allCapacity > 0 else { return }
                        for word in 0..<words { every[word] &= union[word] }
                        Self.places(of: UnsafeBufferPointer(every), into: &progress.places)
                        guard !progress.places.isEmpty else { return }
                        try weigh(db, block: number, places: progress.places, kept: UnsafeBufferPointer(every), norms: norms, shares: shares,
                                  apart: true, walkedFrom: progress.starts[...])
                        let first = number * Int64(size)
                        for place in progress.places {
                            // A chunk holding every rarer term may lack a common word.
                            if terms.indices.allSatisfy({ shares[$0 &* size &+ place] > 0 }) {
                                var mixed = 0.0
                                for term in rarerFirst { mixed += shares[term &* size &+ place] }
                                progress.all.offer(ScoredChunk(score: -mixed, chunk: first + Int64(place)))
                            }
                            for term in terms.indices { shares[term &* size &+ place] = 0 }
                        }
                    }
                    if let sieve {
                        try sieve.forEachBlock(db, through: bm25.newest / Int64(size)) { number, sieve in try find(number, &progress, sieve: sieve) }
                    } else {
                        for number in 0...bm25.newest / Int64(size) { try find(number, &progress) { _ in } }
                    }
                }
            }
        }
        return Found(holding: progress.holding, numbers: progress.numbers, bits: progress.kept, starts: progress.keptStarts,
                     all: progress.all.sorted())
    }

    /// What the pass has found up to a block, given to each block's step as one `inout`: a
    /// var the step captured was checked for exclusive access at run time at each use that
    /// called out (an append), a dozen times a block.
    private struct Progress {
        var holding = 0
        var numbers: [Int64] = []
        var kept: [UInt64] = []
        var keptStarts: [Int] = []
        var places: [Int] = []
        var all: BoundedBest<ScoredChunk>
        /// Where the block's walked chunks of each rarer term start, and where the next's will.
        var starts: [Int]
        var cursors: [Int]

        init(all: BoundedBest<ScoredChunk>, starts: [Int]) {
            (self.all, self.starts, cursors) = (all, starts, starts)
        }
    }

    /// The best `limit` of the kept chunks a pass found above the ceiling, best first: each
    /// weighed with every term's share in the query's order, as the ranking of every chunk
    /// sums them, into one sum a chunk of the block.
    private func weighKept(_ db: SQLiteConnection, _ found: Found, limit: Int) throws -> [ScoredChunk] {
        let size = BM25Terms.block, words = Found.words
        var best = BoundedBest<ScoredChunk>(capacity: limit)
        var sums = [Double](repeating: 0, count: size), norms = sums
        var places: [Int] = []
        places.reserveCapacity(size)
        try found.bits.withUnsafeBufferPointer { bits in
            try sums.withUnsafeMutableBufferPointer { sums in
                try norms.withUnsafeMutableBufferPointer { norms in
                    for (block, number) in found.numbers.enumerated() {
                        try offer(db, block: number, kept: UnsafeBufferPointer(rebasing: bits[block * words..<(block + 1) * words]),
                                  places: &places, norms: norms, sums: sums,
                                  walkedFrom: found.starts[block * rarer.count..<(block + 1) * rarer.count], above: ceiling, to: &best)
                    }
                }
            }
        }
        return best.sorted()
    }

    /// Weighs block `number`'s chunks whose bits are set in `kept` (their places left in
    /// `places`), every term's share in the query's order into one sum a chunk, and offers
    /// to `best` those whose sum is over `floor`.
    private func offer(_ db: SQLiteConnection, block number: Int64, kept: UnsafeBufferPointer<UInt64>, places: inout [Int],
                       norms: UnsafeMutableBufferPointer<Double>, sums: UnsafeMutableBufferPointer<Double>, walkedFrom starts: ArraySlice<Int>,
                       above floor: Double, to best: inout BoundedBest<ScoredChunk>) throws {
        Self.places(of: kept, into: &places)
        guard !places.isEmpty else { return }
        try weigh(db, block: number, places: places, kept: kept, norms: norms, shares: sums, apart: false, walkedFrom: starts)
        let first = number * Int64(BM25Terms.block)
        for place in places {
            let sum = sums[place]
            sums[place] = 0
            if sum > floor { best.offer(ScoredChunk(score: -sum, chunk: first + Int64(place))) }
        }
    }

    /// The places of the bits set, in order.
    private static func places(of bits: UnsafeBufferPointer<UInt64>, into places: inout [Int]) {
        places.removeAll(keepingCapacity: true)
        for word in bits.indices {
            var set = bits[word]
            while set != 0 {
                places.append(word &* 64 &+ set.trailingZeroBitCount)
                set &= set &- 1
            }
        }
    }

    /// Adds each term's share of block `number`'s chunks at `places` (their bits set in
    /// `kept`), in the query's order, to `shares`: each term's to a row of its own when
    /// `apart`, else all to one, the chunks' scores (`starts`: where `find` found each rarer
    /// term's walked chunks of the block). From the rarer terms' hits and the common words'
    /// counts with the chunks' norms, when every one of them has a length (lengths are made
    /// when the index settles), else from FTS5.
    private func weigh(_ db: SQLiteConnection, block number: Int64, places: [Int], kept: UnsafeBufferPointer<UInt64>,
                       norms: UnsafeMutableBufferPointer<Double>, shares: UnsafeMutableBufferPointer<Double>, apart: Bool,
                       walkedFrom starts: ArraySlice<Int>) throws {
        let size = BM25Terms.block
        let known = bm25.lengths(of: number).map { lengths in
            lengths.withUnsafeBufferPointer { lengths in
                places.allSatisfy { place in
                    let length = BM25Terms.length(at: place, in: lengths)
                    norms[place] = bm25.norm(length)
                    return length > 0
                }
            }
        } ?? false
        let first = number * Int64(size)
        for (index, term) in terms.enumerated() {
            let row = apart ? UnsafeMutableBufferPointer(rebasing: shares[index * size..<(index + 1) * size]) : shares
            switch term {
            case let .rarer(other):
                try rarer[other].addShares(block: number, kept: kept, places: places, norms: known ? UnsafeBufferPointer(norms) : nil,
                                           to: row, walkedFrom: starts[starts.startIndex + other])
            case let .common(idf, counts, expression):
                if known, let blob = counts[number] {
                    blob.withUnsafeBufferPointer { counts in
                        for place in places where counts[place] > 0 {
                            row[place] += BM25Terms.weight(idf: idf, frequency: Double(counts[place]), norm: norms[place])
                        }
                    }
                    continue
                }
                for chunk in try BM25Terms.walk(db, expression, in: number...number) {
                    let place = Int(chunk.chunk - first)
                    if kept[place >> 6] >> UInt64(place & 63) & 1 != 0 {
                        row[place] += BM25Terms.weight(idf: idf, frequency: chunk.frequency, norm: bm25.norm(chunk.length))
                    }
                }
            }
        }
    }
}
