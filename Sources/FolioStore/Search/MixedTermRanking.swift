internal import FolioSQLite
internal import FolioText

/// A first tier of common words (`Migrations/v0008_term_counts.sql`) and rarer terms: FTS5
/// matches and weighs the rarer terms alone, and each of their chunks gets the common
/// words' shares from their counts, or is dropped for lacking one. When every rarer term is
/// a frequent word, their hits (`Migrations/v0019_term_hits.sql`) give the chunks holding
/// them all instead, block by block, and the same scores (docs/benchmarks.md, "Frequent
/// words' hits"); with a time, size or extension filter, in the pass over the blocks that
/// ranks the second tier too (`RarerTermsFirst`, docs/benchmarks.md, "Both tiers in one
/// pass").
///
/// FTS5 matched all of them together, seeking every common word's long position lists to
/// each chunk of the rarer terms, half of `how do I configure the network`'s cost
/// (docs/benchmarks.md, "A prefix from a list, a second tier's listed word, common words
/// beside rarer ones"). The scores are folio_bm25's over all the terms, summed in another
/// order (within a rounding).
struct MixedTermRanking: LexicalStrategy {
    private let common: [(word: String, idf: Double)]
    private let bm25: BM25Terms
    /// The rarer terms, and folio_bm25's row counts for them.
    private let others: String
    private let othersCounts: String
    /// The whole plan, for the blocks whose counts or lengths are not there.
    private let plan: LexicalPlan
    /// The rarer terms' indexed words and idfs, when every one of them is a frequent word
    /// whose hits are kept (`Migrations/v0019_term_hits.sql`).
    private let frequent: [(word: String, idf: Double)]?
    private let facts: TermFacts

    /// A first tier of common words and rarer terms.
    init?(_ db: SQLiteConnection, _ context: LexicalContext) throws {
        guard context.matchesAll else { return nil }
        try self.init(db, plan: context.plan, required: context.query.required, facts: context.facts, policy: context.policy)
    }

    /// `nil` unless the plan's terms are some common words and some others, each a group of
    /// its own, and weighing the others' chunks costs less than seeking the common words'
    /// lists (`costsLess`).
    init?(_ db: SQLiteConnection, plan: LexicalPlan, required: [[SearchQuery.Term]], facts: TermFacts, policy: LeaderPolicy) throws {
        guard let (common, others) = try Self.shape(db, plan: plan, required: required, facts: facts, policy: policy),
              let expression = SearchQuery(required: others.map { [$0.term] }, excluded: []).allTermsExpression,
              let bm25 = try BM25Terms(db, matching: expression, reads: facts.blocks) else { return nil }
        self.common = common.map { (word: $0.word, idf: bm25.idf($0.count)) }
        self.bm25 = bm25
        self.others = expression
        othersCounts = others.map { String($0.count) }.joined(separator: " ")
        self.plan = plan
        let words = others.compactMap { $0.count >= 0 ? facts.frequentWord($0.term) : nil }
        frequent = words.count == others.count ? zip(words, others).map { (word: $0, idf: bm25.idf(Double($1.count))) } : nil
        self.facts = facts
    }

    /// Whether a first tier of `plan` is ranked here, and in one pass over the blocks when a
    /// filter gives a sieve (`best(_:limit:keptBy:)`): what the filters' count asks, to mark
    /// the documents they rule out as it counts them (`AllowedChunks`).
    static func ranksInOnePass(_ db: SQLiteConnection, plan: LexicalPlan, required: [[SearchQuery.Term]], facts: TermFacts,
                               policy: LeaderPolicy) throws -> Bool {
        guard let (_, others) = try shape(db, plan: plan, required: required, facts: facts, policy: policy) else { return false }
        return plan.counts.prefix(plan.terms.count).allSatisfy { $0 >= 0 } && others.allSatisfy { facts.frequentWord($0.term) != nil }
    }

    /// The plan's common words and other terms with their counts, when they are the shape
    /// ranked here.
    private static func shape(_ db: SQLiteConnection, plan: LexicalPlan, required: [[SearchQuery.Term]], facts: TermFacts,
                              policy: LeaderPolicy) throws -> (common: [(word: String, count: Double)], others: [(term: SearchQuery.Term, count: Int64)])? {
        guard required.allSatisfy({ $0.count == 1 }), plan.counts.count >= plan.terms.count else { return nil }
        var common: [(word: String, count: Double)] = []
        var others: [(term: SearchQuery.Term, count: Int64)] = []
        for (index, term) in plan.terms.enumerated() {
            if let word = facts.commonWord(term) {
                common.append((word.term, Double(plan.counts[index])))
            } else {
                others.append((term, plan.counts[index]))
            }
        }
        guard !common.isEmpty, !others.isEmpty,
              let total = try db.value(as: Double.self, "SELECT chunks FROM leader_census"),
              costsLess(common: common.map(\.count), others: others.map { $0.count < 0 ? Double(policy.frequentChunks) : Double($0.count) },
                        chunks: total) else { return nil }
        return (common, others)
    }

    /// Whether weighing the chunks that hold all the rarer terms (`others`: their chunk
    /// counts, a word too rare for the census at the census's threshold) costs less than
    /// FTS5's seeking every common word's list to each chunk of the rarest term. FTS5 walks
    /// an AND about as many times per term as the rarest term has chunks, a seek each
    /// (`seekCost`); the rarer terms' chunks, as many as their counts make if the terms
    /// were independent, are each weighed (`weighCost`): so `how do I configure the
    /// network` is weighed, and `how to install python`, whose rarer term alone is in many
    /// chunks, is left to FTS5 (docs/benchmarks.md, "A prefix from a list, a second tier's
    /// listed word, common words beside rarer ones").
    static func costsLess(common: [Double], others: [Double], chunks: Double) -> Bool {
        // Instructions, as callgrind counted them for one seek of FTS5 and one chunk weighed.
        let seekCost = 700.0, weighCost = 3_500.0
        guard chunks > 0, let first = others.first, let fewest = (common + others).min() else { return false }
        let together = others.dropFirst().reduce(first) { $0 * $1 / chunks }
        return together * weighCost < fewest * Double(common.count) * seekCost
    }

    /// FTS5 weighs every chunk of the rarer terms whatever the limit: a search whose
    /// filters keep a share asks once for all it needs, not for a few and then again.
    var ranksAllAtOnce: Bool { true }

    /// With a time, size or extension filter, whatever share it keeps, when every term's
    /// count is known and every rarer term is a frequent word: `best(_:limit:keptBy:)`.
    var sievesEveryShare: Bool { onePass }

    private var onePass: Bool { frequent != nil && plan.counts.prefix(plan.terms.count).allSatisfy { $0 >= 0 } }

    /// With a sieve, the kept chunks holding every term, from the pass over the blocks that
    /// finds and sieves the chunks holding any rarer term for the second tier as well
    /// (`RarerTermsFirst`), kept in the search's sightings: a filter that leaves the first
    /// tier too few documents had the second tier read and sieve the same blocks again
    /// (docs/benchmarks.md, "Both tiers in one pass").
    func best(_ db: SQLiteConnection, limit: Int, keptBy sieve: ChunkSieve) throws -> (kept: [ScoredChunk], ranked: Int) {
        guard onePass else {
            let ranked = try best(db, limit: limit)
            return (try sieve.kept(db, ranked), ranked.count)
        }
        let terms = plan.terms
        let counts = terms.indices.map { Double(plan.counts[$0]) }
        let pass = try RarerTermsFirst(db, terms: terms, counts: counts, common: terms.map { facts.commonWord($0)?.term },
                                       frequent: terms.map { facts.frequentWord($0) }, bm25: bm25) { index in
            try BM25Terms.weighed(db, terms[index].expression, count: counts[index], in: nil)
        }
        let found = try pass.find(db, keptBy: sieve, allCapacity: limit)
        facts.sightings.rarerTermsFirst = RarerTermsFirst.Made(expressions: terms.map(\.expression), pass: pass, found: found)
        return (found.all, found.all.count < limit ? found.all.count : limit)
    }

    /// The best `limit` chunks holding every term, best first, scores negated as
    /// folio_bm25's.
    func best(_ db: SQLiteConnection, limit: Int) throws -> [ScoredChunk] {
        var counts: [[Int64: [UInt8]]] = []
        for term in common { counts.append(try bm25.counts(db, of: term.word)) }
        var best = BoundedBest<ScoredChunk>(capacity: limit)
        var walked: [ClosedRange<Int64>?] = [nil]
        if let frequent {
            var hits: [[Int64: [UInt8]]] = []
            for term in frequent { hits.append(try bm25.hits(db, of: term.word)) }
            var missing: [Int64] = []
            for number in 0...bm25.newest / Int64(BM25Terms.block) where !rank(block: number, hits: hits, counts: counts, into: &best) {
                missing.append(number)
            }
            walked = BM25Terms.runs(of: missing)
        }
        var unranked: Set<Int64> = []
        for range in walked {
            try walk(db, within: range, counts: counts, into: &best, unranked: &unranked)
        }
        try BM25Terms.rankInFTS5(db, blocks: Array(unranked), expression: plan.expression, counts: plan.countsArgument, into: &best)
        return best.sorted()
    }

    /// Offers the chunks of block `number` that hold every term, the rarer terms' shares
    /// from their hits in the order FTS5 sums them (folio_bm25 over the rarer terms adds
    /// each one's share in turn), so the scores are those of the walk in FTS5; false,
    /// offering none, when a rarer term's hits, a common word's counts or a length that a
    /// chunk holding them needs is not there (FTS5 walks the block).
    private func rank(block number: Int64, hits: [[Int64: [UInt8]]], counts: [[Int64: [UInt8]]],
                      into best: inout BoundedBest<ScoredChunk>) -> Bool {
        guard let lengths = bm25.lengths(of: number) else { return false }
        var lists: [[UInt8]] = []
        for term in hits {
            guard let blob = term[number] else { return false }
            lists.append(blob)
        }
        var blocks: [[UInt8]] = []
        for term in counts {
            guard let blob = term[number] else { return false }
            blocks.append(blob)
        }
        // The chunks of the shortest list that every other list holds, with their hits (each
        // list's, in the terms' order, a row of `found` each).
        let lead = lists.indices.min { lists[$0].count < lists[$1].count }!
        var places: [Int] = [], found: [Int] = []
        var row = [Int](repeating: 0, count: lists.count), next = row
        entries: for entry in 0..<lists[lead].count / 2 {
            let place: Int
            (place, row[lead]) = TermHits.entry(entry, of: lists[lead])
            for list in lists.indices where list != lead {
                while next[list] < lists[list].count / 2, TermHits.entry(next[list], of: lists[list]).place < place { next[list] += 1 }
                guard next[list] < lists[list].count / 2, case let (at, count) = TermHits.entry(next[list], of: lists[list]),
                      at == place else { continue entries }
                row[list] = count
            }
            guard BM25Terms.length(at: place, in: lengths) > 0 else { return false }
            places.append(place)
            found += row
        }
        let first = number * Int64(BM25Terms.block)
        chunks: for (match, place) in places.enumerated() {
            let norm = bm25.norm(BM25Terms.length(at: place, in: lengths))
            var score = 0.0
            for (term, count) in zip(frequent!, found[match * lists.count..<(match + 1) * lists.count]) {
                score += BM25Terms.weight(idf: term.idf, frequency: Double(count), norm: norm)
            }
            for (term, blob) in zip(common, blocks) {
                guard blob[place] > 0 else { continue chunks }
                score += BM25Terms.weight(idf: term.idf, frequency: Double(blob[place]), norm: norm)
            }
            best.offer(ScoredChunk(score: -score, chunk: first + Int64(place)))
        }
        return true
    }

    /// Offers the chunks (within blocks `range`) FTS5 finds holding every rarer term, their
    /// score folio_bm25's over them and the common words' shares from their counts; the
    /// blocks where a chunk's length or a common word's counts are not there go to
    /// `unranked`, for FTS5 to rank whole.
    private func walk(_ db: SQLiteConnection, within range: ClosedRange<Int64>?, counts: [[Int64: [UInt8]]],
                      into best: inout BoundedBest<ScoredChunk>, unranked: inout Set<Int64>) throws {
        try db.forEachRow("SELECT rowid, folio_bm25(chunk_fts, ?, ?, ?, ?) FROM chunk_fts WHERE chunk_fts MATCH ?\(BM25Terms.within(range))",
                          Ranking.weights.arguments + [othersCounts, others]) { columns in
            let chunk = columns.int64(0)
            let number = chunk / Int64(BM25Terms.block), index = Int(chunk % Int64(BM25Terms.block))
            guard let lengths = bm25.lengths(of: number), case let length = BM25Terms.length(at: index, in: lengths), length > 0,
                  counts.allSatisfy({ $0[number] != nil }) else {
                unranked.insert(number)
                return
            }
            var score = -columns.double(1)
            let norm = bm25.norm(length)
            for (term, blocks) in zip(common, counts) {
                let hits = blocks[number]![index]
                guard hits > 0 else { return }
                score += BM25Terms.weight(idf: term.idf, frequency: Double(hits), norm: norm)
            }
            best.offer(ScoredChunk(score: -score, chunk: chunk))
        }
    }
}
