internal import FolioSQLite
internal import FolioText

/// One way of ranking a plan's matches by BM25, with folio_bm25's scores (lower is
/// better). FTS5 computes a rank for every chunk an expression matches, which for common
/// words is most of the index; each strategy ranks a shape of query without that walk, and
/// a search takes the first in `LexicalStrategies.ordered` that ranks its plan.
protocol LexicalStrategy {
    /// The strategy for `context`'s plan, or `nil` when it does not rank plans of that shape
    /// (or would cost more than the next).
    init?(_ db: SQLiteConnection, _ context: LexicalContext) throws
    /// The best `limit` chunks, best first, scores negated as folio_bm25's; a strategy
    /// that does not rank every match gives every chunk it knows.
    func best(_ db: SQLiteConnection, limit: Int) throws -> [ScoredChunk]
    /// False for a ranking that may leave matches out (a champion list): it stands only
    /// when it fills the search, else the next strategy ranks.
    var ranksEveryMatch: Bool { get }
    /// Whether its chunks hold none of the query's excluded words already (their
    /// expression excludes them); else they are checked after (`TermPresence`).
    var excludes: Bool { get }
    /// Whether it gives only each document's best chunk (text before contents pages).
    var onePerDocument: Bool { get }
    /// Whether it costs the same whatever the limit (FTS5 ranks every match): a search
    /// whose filters keep a share of the documents then asks it for as many chunks at once
    /// as that share calls for, rather than for a few and then again for more.
    var ranksAllAtOnce: Bool { get }
    /// The chunks of the best `limit` that `sieve` keeps (`ChunkSieve`), best first, and how
    /// many were ranked: fewer than `limit` when those were every match. A strategy may
    /// give a prefix of the chunks kept found another way, `ranked` then `limit`.
    func best(_ db: SQLiteConnection, limit: Int, keptBy sieve: ChunkSieve) throws -> (kept: [ScoredChunk], ranked: Int)
    /// Whether it sieves its many candidates before it weighs them, so that a sieve saves it
    /// work whatever share of the documents the filters keep: it is then given one for any
    /// share, not only for the few (`ChunkSieve.share`).
    var sievesEveryShare: Bool { get }
}

extension LexicalStrategy {
    var ranksEveryMatch: Bool { true }
    var excludes: Bool { false }
    var onePerDocument: Bool { false }
    var ranksAllAtOnce: Bool { false }
    var sievesEveryShare: Bool { false }

    func best(_ db: SQLiteConnection, limit: Int, keptBy sieve: ChunkSieve) throws -> (kept: [ScoredChunk], ranked: Int) {
        let ranked = try best(db, limit: limit)
        return (try sieve.kept(db, ranked), ranked.count)
    }
}

/// What a strategy is chosen by: one tier's plan, the search it is for, and what the index
/// knows of the query's terms.
struct LexicalContext {
    let plan: LexicalPlan
    let request: SearchRequest
    let facts: TermFacts
    /// The first tier (every term); false for the second (any term).
    let matchesAll: Bool
    /// The chunks the request's filters allow, looked up once for both tiers.
    var allowed = AllowedChunks()

    var query: SearchQuery { request.query }
    var policy: LeaderPolicy { request.leaders }

    /// The one term of a first tier of one term.
    var soleTerm: SearchQuery.Term? {
        matchesAll && query.required.count == 1 && query.required[0].count == 1 ? query.required[0][0] : nil
    }
}

/// The strategies, in the order they are asked: FTS5 over the chunks of the few documents
/// filters allow (before a frequent word's champion list, whose best chunks such filters
/// would mostly leave out); a champion list for one frequent word; FTS5 within the scope, kinds or
/// pages when those narrow the matches first; common words
/// from their counts; one term of unknown count in one walk; the second tier term by term;
/// common words beside rarer terms; FTS5 over every match.
enum LexicalStrategies {
    static let ordered: [any LexicalStrategy.Type] = [
        AllowedChunksRanking.self, FrequentWordRanking.self, FilteredRanking.self, CommonTermRanking.self, SingleTermRanking.self,
        AnyTermRanking.self, MixedTermRanking.self, FullTextRanking.self,
    ]
}
