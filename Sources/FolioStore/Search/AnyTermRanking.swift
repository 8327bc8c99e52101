internal import FolioSQLite
internal import FolioText

/// The chunks that hold any of a query's terms (its second tier), ranked one term at a
/// time: BM25 is a sum over the terms, so each term's share is added to every chunk it is
/// in, a common term's from its counts (`Migrations/v0008_term_counts.sql`), any other's
/// from one walk over its own chunks in FTS5. The same scores as folio_bm25 over the terms'
/// OR expression, which FTS5 computes walking the chunks of all the terms together, the
/// slowest part of a long question (docs/benchmarks.md, "Common words from their counts,
/// the second tier term by term").
struct AnyTermRanking: LexicalStrategy {
    let plan: LexicalPlan
    let facts: TermFacts

    init(plan: LexicalPlan, facts: TermFacts) {
        self.plan = plan
        self.facts = facts
    }

    /// A second tier.
    init?(_ db: SQLiteConnection, _ context: LexicalContext) {
        guard !context.matchesAll else { return nil }
        self.init(plan: context.plan, facts: context.facts)
    }

    /// Each term's chunks are weighed whatever the limit (a champion list's threshold is
    /// met less often for more chunks, and then they are weighed as well).
    var ranksAllAtOnce: Bool { true }

    /// With common words beside rarer terms, whose chunks `othersFirst` sieves before the
    /// common words' shares are added to them.
    var sievesEveryShare: Bool {
        let given = given
        let common = plan.terms.indices.count { given[$0] != nil && facts.commonWord(plan.terms[$0]) != nil }
        return common > 0 && common < plan.terms.count
    }

    /// Each term's chunks at the last count of frequent terms, `nil` when unknown (FTS5 counts).
    private var given: [Double?] {
        plan.terms.indices.map { $0 < plan.counts.count && plan.counts[$0] >= 0 ? Double(plan.counts[$0]) : nil }
    }

    /// The best `limit` chunks holding any of the plan's terms (the phrases of its
    /// expression, in its order; `plan.counts` gives their row counts), best first.
    func best(_ db: SQLiteConnection, limit: Int) throws -> [ScoredChunk] {
        try rank(db, limit: limit, keptBy: nil).kept
    }

    /// With a listed term, the chunks the sieve keeps of those above the list's threshold,
    /// when they are a quarter as many as the best `limit` would hold (a search asks for
    /// four chunks a document, and for four times more if they were too few): a filter
    /// that keeps a tenth of the documents asks for ten times the chunks, too many for the
    /// threshold to hold, and every chunk of the term was weighed (docs/benchmarks.md, "The
    /// sieve before the threshold"). Else those of the best `limit` of every match.
    func best(_ db: SQLiteConnection, limit: Int, keptBy sieve: ChunkSieve) throws -> (kept: [ScoredChunk], ranked: Int) {
        try rank(db, limit: limit, keptBy: sieve)
    }

    /// Both `best`s: the chunks of the best `limit` (those `sieve` keeps, with one) and how
    /// many were ranked.
    private func rank(_ db: SQLiteConnection, limit: Int, keptBy sieve: ChunkSieve?) throws -> (kept: [ScoredChunk], ranked: Int) {
        let terms = plan.terms
        let any = terms.map(\.expression).joined(separator: " OR ")
        let given = given
        let common = terms.indices.map { given[$0] == nil ? nil : facts.commonWord(terms[$0]) }
        let frequent = terms.indices.map { given[$0] == nil ? nil : facts.frequentWord(terms[$0]) }
        let counted = common.contains { $0 != nil }
        // The pass over the blocks a filtered first tier made for these terms (`MixedTermRanking`),
        // whose rarer terms all have hits: a term it does not say is a common word.
        if counted, common.contains(where: { $0 == nil }), let sieve, let made = facts.sightings.rarerTermsFirst, made.serves(terms),
           let ranked = try made.pass.best(db, of: made.found, limit: limit, keptBy: sieve) {
            for (index, held) in made.pass.held.enumerated() { facts.sightings.held[terms[index]] = held ?? true }
            return ranked
        }
        guard var bm25 = try BM25Terms(db, matching: any, lengths: counted, reads: facts.blocks) else {
            for term in terms { facts.sightings.held[term] = false }
            return ([], 0)
        }
        var walked: [String: [(chunk: Int64, weight: Double)]] = [:]
        func walkedRows(_ index: Int) throws -> [(chunk: Int64, weight: Double)] {
            let expression = terms[index].expression
            if walked[expression] == nil {
                if frequent[index] != nil { try bm25.readLengths(db) }
                walked[expression] = if let count = given[index], let word = frequent[index] {
                    try weighed(db, expression, count: count, hits: try bm25.hits(db, of: word), bm25: bm25)
                } else if let count = given[index] {
                    try BM25Terms.weighed(db, expression, count: count, in: nil)
                } else {
                    weighed(try BM25Terms.walk(db, expression, in: nil), bm25: bm25)
                }
            }
            facts.sightings.held[terms[index]] = !walked[expression]!.isEmpty
            return walked[expression]!
        }
        if !counted, let listed = try ListedTerm(db, terms: terms, given: given, facts: facts, bm25: bm25) {
            var scores = ScoreSums(everyChunk: false, newest: bm25.newest)
            for index in terms.indices {
                scores.add(index == listed.index ? try listed.rows(db, besides: terms, bm25: bm25) : try walkedRows(index))
            }
            facts.sightings.held[terms[listed.index]] = true
            // A chunk left out holds the listed term alone and weighs at most its bound.
            if let sieve {
                let above = try sieve.kept(db, scores.above(listed.bound))
                if Double(above.count) * 4 >= Double(limit) * sieve.shareKept { return (above, limit) }
            } else {
                let best = scores.best(limit)
                if best.count == limit, let last = best.last, -last.score > listed.bound { return (best, limit) }
            }
        }
        if counted, let ranked = try othersFirst(db, terms: terms, common: common, given: given, frequent: frequent, bm25: bm25,
                                                   rows: walkedRows, limit: limit, keptBy: sieve) {
            for index in terms.indices where common[index] != nil { facts.sightings.held[terms[index]] = true }
            return ranked
        }
        var blocks = CountedBlocks(bm25: bm25)
        var scores = ScoreSums(everyChunk: counted, newest: bm25.newest)
        for (index, term) in terms.enumerated() {
            if let given = given[index], let word = common[index] {
                try addCounted(db, word: word.term, idf: bm25.idf(given), expression: term.expression, bm25: bm25, blocks: &blocks,
                               to: &scores)
                facts.sightings.held[term] = true
                continue
            }
            scores.add(try walkedRows(index))
        }
        let best = scores.best(limit)
        return (try sieve.map { try $0.kept(db, best) } ?? best, best.count)
    }

    /// With common words beside other terms, the ranking of the others' chunks
    /// (`RarerTermsFirst`), when it is the ranking of every chunk; `nil` when not. A frequent
    /// word's chunks come from its hits; any other term's are `rows`, walked once for this
    /// ranking and the ranking of every chunk after.
    private func othersFirst(_ db: SQLiteConnection, terms: [SearchQuery.Term], common: [(term: String, chunks: Double)?],
                             given: [Double?], frequent: [String?], bm25: BM25Terms,
                             rows: (Int) throws -> [(chunk: Int64, weight: Double)], limit: Int,
                             keptBy sieve: ChunkSieve?) throws -> (kept: [ScoredChunk], ranked: Int)? {
        guard common.contains(where: { $0 == nil }) else { return nil }
        let ranking = try RarerTermsFirst(db, terms: terms, counts: given, common: common.map { $0?.term }, frequent: frequent, bm25: bm25,
                                          walked: rows)
        for (term, held) in zip(terms, ranking.held) where held != nil { facts.sightings.held[term] = held }
        return try ranking.best(db, limit: limit, keptBy: sieve)
    }

    /// A frequent word's share of each of its chunks' scores, from its hits (`TermHits`)
    /// and the chunk lengths, in chunk order: the same doubles as folio_bm25 over the word
    /// alone, without FTS5 decoding each chunk's position list. A block without hits or
    /// lengths, or whose chunk holding the word has no length, from FTS5.
    private func weighed(_ db: SQLiteConnection, _ expression: String, count: Double, hits: [Int64: [UInt8]],
                         bm25: BM25Terms) throws -> [(chunk: Int64, weight: Double)] {
        let idf = bm25.idf(count)
        var rows: [(chunk: Int64, weight: Double)] = []
        rows.reserveCapacity(hits.values.reduce(0) { $0 + $1.count / 2 })
        var unranked: ClosedRange<Int64>?
        func rankUnranked() throws {
            if let range = unranked { rows += try BM25Terms.weighed(db, expression, count: count, in: range) }
            unranked = nil
        }
        for number in 0...bm25.newest / Int64(BM25Terms.block) {
            if let blob = hits[number], let lengths = bm25.lengths(of: number),
               try Self.weigh(blob, block: number, idf: idf, lengths: lengths, bm25: bm25, into: &rows, before: rankUnranked) {
                continue
            }
            unranked = (unranked?.lowerBound ?? number)...number
        }
        try rankUnranked()
        return rows
    }

    /// Appends a block's shares from its hits; false, appending none, when a chunk holding
    /// the word has no length. `before` runs first, once the block is known to be weighed.
    private static func weigh(_ blob: [UInt8], block number: Int64, idf: Double, lengths: [UInt8], bm25: BM25Terms,
                              into rows: inout [(chunk: Int64, weight: Double)], before: () throws -> Void) throws -> Bool {
        let count = blob.count / 2
        // Over the bytes in place: the loops run for every chunk holding the word.
        let known = blob.withUnsafeBufferPointer { blob in
            lengths.withUnsafeBufferPointer { lengths in
                (0..<count).allSatisfy { BM25Terms.length(at: TermHits.entry($0, of: blob).place, in: lengths) > 0 }
            }
        }
        guard known else { return false }
        try before()
        let first = number * Int64(BM25Terms.block)
        blob.withUnsafeBufferPointer { blob in
            lengths.withUnsafeBufferPointer { lengths in
                for entry in 0..<count {
                    let (place, hits) = TermHits.entry(entry, of: blob)
                    let norm = bm25.norm(BM25Terms.length(at: place, in: lengths))
                    rows.append((chunk: first + Int64(place), weight: BM25Terms.weight(idf: idf, frequency: Double(hits), norm: norm)))
                }
            }
        }
        return true
    }

    /// A term's share of each of its chunks' scores, its chunks counted as they are walked.
    private func weighed(_ rows: [(chunk: Int64, frequency: Double, length: Int)], bm25: BM25Terms) -> [(chunk: Int64, weight: Double)] {
        let idf = bm25.idf(Double(rows.count))
        return rows.map { (chunk: $0.chunk, weight: BM25Terms.weight(idf: idf, frequency: $0.frequency, norm: bm25.norm($0.length))) }
    }

    /// Adds a common word's share from its counts; a block without counts, without
    /// lengths, or with a chunk of unknown length that holds the word, from FTS5.
    private func addCounted(_ db: SQLiteConnection, word: String, idf: Double, expression: String, bm25: BM25Terms,
                            blocks: inout CountedBlocks, to scores: inout ScoreSums) throws {
        let counts = try bm25.counts(db, of: word)
        var unranked: [Int64] = []
        for number in 0...bm25.newest / Int64(BM25Terms.block) {
            guard let (blob, lengths) = blocks.block(number, of: counts) else {
                unranked.append(number)
                continue
            }
            let first = Int(number) * BM25Terms.block
            for index in blob.indices where blob[index] > 0 {
                let norm = bm25.norm(BM25Terms.length(at: index, in: lengths))
                scores.add(BM25Terms.weight(idf: idf, frequency: Double(blob[index]), norm: norm), to: Int64(first + index))
            }
        }
        for range in BM25Terms.runs(of: unranked) {
            for row in try BM25Terms.walk(db, expression, in: range) {
                scores.add(BM25Terms.weight(idf: idf, frequency: row.frequency, norm: bm25.norm(row.length)), to: row.chunk)
            }
        }
    }
}

/// The blocks a common word's shares come from its counts in (`AnyTermRanking`'s
/// `addCounted`): the word's counts and the chunk lengths both made and whole, and no chunk
/// holding the word of unknown length; FTS5 gives the others. A block's chunks of unknown
/// length are found once for all of a query's common words, not by each word looking at
/// every length of every block (docs/benchmarks.md, "The second tier's common words last").
private struct CountedBlocks {
    let bm25: BM25Terms
    private var unknownLengths: [Int64: [Int]] = [:]

    init(bm25: BM25Terms) {
        self.bm25 = bm25
    }

    /// Block `number` of `counts` (a word's), and of the chunk lengths, when the word's
    /// shares in it come from them.
    mutating func block(_ number: Int64, of counts: [Int64: [UInt8]]) -> (counts: [UInt8], lengths: [UInt8])? {
        guard let blob = counts[number], let lengths = bm25.lengths(of: number) else { return nil }
        let unknown = unknownLengths[number] ?? lengths.withUnsafeBytes { bytes in
            // A length is two bytes, zero when unknown, whichever their order.
            bytes.withMemoryRebound(to: UInt16.self) { tokens in tokens.contains(0) ? tokens.indices.filter { tokens[$0] == 0 } : [] }
        }
        unknownLengths[number] = unknown
        return unknown.allSatisfy { blob[$0] == 0 } ? (blob, lengths) : nil
    }
}

/// The one term of a second tier that has a champion list (`Migrations/v0004_leaders.sql`)
/// when the others have none and no counts (`slot` in `postgresql replication slot`), whose
/// walk is most of the terms' chunks (docs/benchmarks.md). Its share comes from its list,
/// the chunks newer than the list, and the chunks of the other terms (where FTS5 seeks its
/// rows); any other chunk holds this term alone and weighs at most `bound`, so a ranking
/// whose last kept score is above that is the ranking of every chunk (Fagin's threshold,
/// Manning et al. §7.1).
private struct ListedTerm {
    let index: Int
    let lastChunk: Int64
    let idf: Double
    /// The most a chunk outside the list weighs: the list's last weight.
    let bound: Double
    private let listed: [(chunk: Int64, weight: Double)]

    /// `nil` unless exactly one of `terms` is a word with a list, once in the query.
    init?(_ db: SQLiteConnection, terms: [SearchQuery.Term], given: [Double?], facts: TermFacts, bm25: BM25Terms) throws {
        var found: (index: Int, word: String, lastChunk: Int64)?
        for (index, term) in terms.enumerated() where given[index] != nil {
            guard let word = facts.word(term), word.indexed.count == 1, let last = word.lastChunk else { continue }
            guard found == nil else { return nil }
            found = (index, word.indexed[0], last)
        }
        guard let found, let count = given[found.index], terms.count(where: { $0 == terms[found.index] }) == 1 else { return nil }
        let idf = bm25.idf(count)
        let listed = try FrequentWordRanking.list(db, of: found.word).map { (chunk: $0.chunk, weight: idf * $0.weight) }
        guard let least = listed.map(\.weight).min() else { return nil }
        (index, lastChunk, self.idf, bound, self.listed) = (found.index, found.lastChunk, idf, least, listed)
    }

    /// The term's share in every chunk that can rank above `bound`, in chunk order.
    func rows(_ db: SQLiteConnection, besides terms: [SearchQuery.Term], bm25: BM25Terms) throws -> [(chunk: Int64, weight: Double)] {
        let others = terms.indices.filter { $0 != index }.map { terms[$0] }
        var weights = Dictionary(listed.map { ($0.chunk, $0.weight) }, uniquingKeysWith: { first, _ in first })
        // The chunks newer than the list, if any, then the others' chunks holding the term,
        // where it is the phrase after theirs.
        let newer = bm25.newest > lastChunk ? [(terms[index].expression, 0, ">")] : []
        let seeks = (SearchQuery(required: [others, [terms[index]]], excluded: []).allTermsExpression ?? "", others.count, "<=")
        for (expression, phrase, condition) in newer + [seeks] {
            try db.forEachRow("""
                SELECT rowid, folio_term_frequency(chunk_fts, ?, ?, ?, ?), folio_row_length(chunk_fts) FROM chunk_fts
                WHERE chunk_fts MATCH ? AND rowid \(condition) ?
                """, Ranking.weights.arguments + [phrase, expression, lastChunk]) { columns in
                weights[columns.int64(0)] = BM25Terms.weight(idf: idf, frequency: columns.double(1), norm: bm25.norm(Int(columns.int64(2))))
            }
        }
        return weights.map { (chunk: $0.key, weight: $0.value) }.sorted { $0.chunk < $1.chunk }
    }
}

/// The second tier's scores summed per chunk. A common word adds to a share of all chunks:
/// an array over every chunk id. Walked terms touch few: their rows, in chunk order, merged
/// (zeroing and scanning an array over every chunk, or a dictionary of them, cost more than
/// the few chunks' sums; docs/benchmarks.md). Either way a chunk's sum is taken term by
/// term in the query's order.
private struct ScoreSums {
    private var array: [Double]
    private var merged: [(chunk: Int64, weight: Double)] = []
    private let dense: Bool

    init(everyChunk: Bool, newest: Int64) {
        dense = everyChunk
        array = everyChunk ? [Double](repeating: 0, count: Int(newest) + 1) : []
    }

    /// One chunk's weight: for a common word's counts, so only over every chunk.
    mutating func add(_ weight: Double, to chunk: Int64) {
        array[Int(chunk)] += weight
    }

    /// A term's weights, in increasing chunk order.
    mutating func add(_ rows: [(chunk: Int64, weight: Double)]) {
        guard !dense else {
            for row in rows { add(row.weight, to: row.chunk) }
            return
        }
        var sums: [(chunk: Int64, weight: Double)] = []
        sums.reserveCapacity(merged.count + rows.count)
        var (old, new) = (0, 0)
        while old < merged.count || new < rows.count {
            if new == rows.count || (old < merged.count && merged[old].chunk < rows[new].chunk) {
                sums.append(merged[old])
                old += 1
            } else if old == merged.count || rows[new].chunk < merged[old].chunk {
                sums.append(rows[new])
                new += 1
            } else {
                sums.append((merged[old].chunk, merged[old].weight + rows[new].weight))
                (old, new) = (old + 1, new + 1)
            }
        }
        merged = sums
    }

    /// Every chunk of merged terms' rows that weighs more than `bound`, best first, scores
    /// negated as folio_bm25's.
    func above(_ bound: Double) -> [ScoredChunk] {
        merged.lazy.filter { $0.weight > bound }.map { ScoredChunk(score: -$0.weight, chunk: $0.chunk) }.sorted()
    }

    /// The best `limit`, best first, scores negated as folio_bm25's.
    func best(_ limit: Int) -> [ScoredChunk] {
        var best = BoundedBest<ScoredChunk>(capacity: limit)
        if dense {
            for chunk in array.indices where array[chunk] != 0 { best.offer(ScoredChunk(score: -array[chunk], chunk: Int64(chunk))) }
        } else {
            for row in merged where row.weight != 0 { best.offer(ScoredChunk(score: -row.weight, chunk: row.chunk)) }
        }
        return best.sorted()
    }
}
