import Testing
@testable import FolioStore
import FolioSQLite
import FolioText

/// Every lexical strategy against one oracle: FTS5 ranking every match of the plan with
/// folio_bm25, ordered by SQLite (`fts5(_:_:)`; `FullTextRanking` keeps its best itself).
/// Each is given queries of its shape, and must be the one
/// `LexicalStrategies.ordered` chooses for them, and give folio_bm25's chunks and scores
/// (a champion list, its best ones in their order), in every state of the counts (`CountStates`).
@Suite struct LexicalStrategyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let strategy: any LexicalStrategy.Type
        let queries: [String]
        /// The first tier (every term), else the second.
        var matchesAll = true
        /// Searched within a kind, which narrows the matches first.
        var scoped = false
        /// The strategy chosen for these queries when it is not this one: one before it
        /// that takes them in an index this small.
        var chosen: (any LexicalStrategy.Type)? = nil

        var testDescription: String { "\(strategy)" }
    }

    static let cases = [
        Case(strategy: FrequentWordRanking.self, queries: ["the", "system", "configur*"]),
        Case(strategy: AllowedChunksRanking.self, queries: ["the system", "tomato w120", "\"data type\" -kernel"], scoped: true),
        // Over `AllowedChunksRanking.most` chunks of the kind, which this index has not.
        Case(strategy: FilteredRanking.self, queries: ["the system", "tomato w120", "\"data type\" -kernel"], scoped: true,
             chosen: AllowedChunksRanking.self),
        Case(strategy: CommonTermRanking.self, queries: ["the system", "system data the", "the system -tomato"]),
        Case(strategy: SingleTermRanking.self, queries: ["\"data type\"", "w350", "w250", "t*"]),
        Case(strategy: AnyTermRanking.self, queries: AnyTermRankingTests.queries, matchesAll: false),
        Case(strategy: MixedTermRanking.self, queries: MixedTermRankingTests.queries + ["kernel tomato w120 w150 -river"]),
        Case(strategy: FullTextRanking.self, queries: ["w120 w150", "\"data type\" w120", "\"the system\" w120 -memory"]),
    ]

    @Test(arguments: cases)
    func ranksAsFolioBM25(_ given: Case) throws {
        try CountStates.walk(written: "kernel tomato w120 tax garden w150 memory config the system data type",
                             unusable: "garden") { reader, state in
            try reader.read("test") { db in
                for text in given.queries {
                    var request = SearchRequest(query: SearchQuery(parsing: text), limit: 10)
                    request.leaders = LeaderTests.policy
                    if given.scoped { request.kinds = [.text] }
                    let facts = try TermFacts(db, query: request.query)
                    let tiers = LexicalPlan.tiers(facts, request.query, reduced: true)
                    let plan = try #require(given.matchesAll ? tiers.all : tiers.any, "\(text)")
                    let context = LexicalContext(plan: plan, request: request, facts: facts, matchesAll: given.matchesAll)
                    let chosen = try LexicalStrategies.ordered.first { try $0.init(db, context) != nil }
                    #expect(chosen.map(ObjectIdentifier.init) == ObjectIdentifier(given.chosen ?? given.strategy), "\(text): \(state)")

                    let strategy = try #require(try given.strategy.init(db, context), "\(text)")
                    let found = try Self.kept(db, strategy.best(db, limit: 100_000), excluding: strategy.excludes ? [] : request.query.excluded,
                                              context: context)
                    var oracle = try Self.kept(db, Self.fts5(db, plan), excluding: [], context: context)
                        .filter { given.scoped ? try Self.isInScope(db, $0.chunk, request) : true }
                    if strategy.onePerDocument { oracle = try Self.bestOfEachDocument(db, oracle) }
                    #expect(!oracle.isEmpty, "\(text)")
                    // A champion list's best, weighed when the list was made (a chunk written since
                    // moves the average length): their order.
                    guard strategy.ranksEveryMatch else {
                        #expect(found.prefix(10).map(\.chunk) == oracle.prefix(10).map(\.chunk), "\(text): \(state)")
                        continue
                    }
                    #expect(found.map(\.chunk) == oracle.map(\.chunk), "\(text): \(state)")
                    for (one, other) in zip(found, oracle) {
                        #expect(abs(one.score - other.score) <= 1e-12 * abs(other.score), "\(text): chunk \(one.chunk), \(state)")
                    }
                }
            }
        }
    }

    /// Every match of `plan`, best first, as SQLite orders folio_bm25's scores.
    static func fts5(_ db: SQLiteConnection, _ plan: LexicalPlan) throws -> [ScoredChunk] {
        try ScoredChunk.read(db, """
            SELECT rowid, folio_bm25(chunk_fts, ?, ?, ?, ?) AS score FROM chunk_fts WHERE chunk_fts MATCH ? ORDER BY score, rowid
            """, Ranking.weights.arguments + [plan.countsArgument, plan.expression])
    }

    /// `ranked` without the chunks holding an excluded word, and with every word of the
    /// plan's filter: what a search keeps.
    static func kept(_ db: SQLiteConnection, _ ranked: [ScoredChunk], excluding excluded: [SearchQuery.Term],
                     context: LexicalContext) throws -> [ScoredChunk] {
        let out = try TermPresence.chunks(db, holdingAny: excluded, among: ranked.map(\.chunk), facts: context.facts)
        let kept = context.plan.filter.isEmpty
            ? nil : try TermPresence.chunks(db, holdingAll: context.plan.filter, among: ranked.map(\.chunk), facts: context.facts)
        return ranked.filter { !out.contains($0.chunk) && kept?.contains($0.chunk) != false }
    }

    /// Each document's first chunk of `ranked` (best first), text before contents pages, in
    /// that order.
    static func bestOfEachDocument(_ db: SQLiteConnection, _ ranked: [ScoredChunk]) throws
        -> [ScoredChunk] {
        var seen: Set<Int64> = []
        var text: [ScoredChunk] = [], navigation: [ScoredChunk] = []
        let ordered = try ranked.map { match in
            let row = try #require(try db.row("SELECT document_id, coalesce(navigation, 0) AS navigation FROM chunk WHERE id = ?", [match.chunk]))
            return (match: match, document: row["document_id"] as Int64, navigation: row["navigation"] as Bool)
        }
        for entry in ordered where !entry.navigation && seen.insert(entry.document).inserted { text.append(entry.match) }
        for entry in ordered where entry.navigation && seen.insert(entry.document).inserted { navigation.append(entry.match) }
        return text + navigation
    }

    static func isInScope(_ db: SQLiteConnection, _ chunk: Int64, _ request: SearchRequest) throws -> Bool {
        let (filters, arguments) = request.filters.conditions
        return try db.value(as: Int64.self, "SELECT c.id FROM chunk c JOIN document d ON d.id = c.document_id WHERE c.id = ?\(filters)",
                            [chunk] + arguments) != nil
    }
}
