/// Which terms get champion lists (`Migrations/v0004_leaders.sql`), how long the lists are,
/// and when a query of one word is ranked from its list instead of from every match; which
/// terms have their counts kept per chunk (`Migrations/v0008_term_counts.sql`); when the
/// full-text index's segments are merged.
///
/// Measured with `bench/scale.py` (docs/benchmarks.md, "Search at scale"): FTS5's bm25()
/// costs about a microsecond per matching chunk, so a word in more than `directLimit`
/// chunks would take more than a launcher's budget by itself.
public struct LeaderPolicy: Sendable, Equatable {
    /// A term in at least this many chunks gets a list (kept until it falls below half).
    public var frequentChunks: Int
    /// The chunks listed per term.
    public var listLength: Int
    /// A word in more chunks than this is ranked from its list, and a query of several such
    /// words that are all common from their counts (`CommonTermRanking`).
    public var directLimit: Int
    /// A term in at least this share of the chunks is common: its counts are kept. Pairs of
    /// them are the queries that match most chunks (`return value`); a fifth left words
    /// like `data` to FTS5 at over twice the cost, for a few MB less (docs/benchmarks.md,
    /// "Common words from their counts, the second tier term by term").
    public var commonShare: Double
    /// The terms are counted again when the chunks written or removed since the last count
    /// pass this share of the index.
    public var recountShare: Double

    /// A count of the terms that finds this many segments of the full-text index or more
    /// merges them all into one (`Migrations/v0009_segment_merge.sql`). FTS5's own merges,
    /// four at a time, keep up to three a level, and each term is looked up in every one.
    public var mergedSegments: Int
    /// Leaf pages (about 4 KB each) FTS5 writes per step of that merge, in one transaction:
    /// few enough that the daemon does other work between steps and the WAL stays small (a
    /// large index takes seconds to merge whole; docs/benchmarks.md).
    public var mergePages: Int

    public init(frequentChunks: Int, listLength: Int, directLimit: Int, recountShare: Double, commonShare: Double = 0.15,
                mergedSegments: Int = 8, mergePages: Int = 2000) {
        self.frequentChunks = frequentChunks
        self.listLength = listLength
        self.directLimit = directLimit
        self.recountShare = recountShare
        self.commonShare = commonShare
        self.mergedSegments = mergedSegments
        self.mergePages = mergePages
    }

    public static let standard = LeaderPolicy(frequentChunks: 2000, listLength: 300, directLimit: 10_000, recountShare: 0.05)
}
