/// Which terms get champion lists (`Migrations/v0004_leaders.sql`), how long the lists are,
/// and when a query of one word is ranked from its list instead of from every match; which
/// terms have their counts kept per chunk (`Migrations/v0008_term_counts.sql`).
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
    /// A term in at least this share of the chunks is common: its counts are kept. At
    /// 100,000 files 15% is 228 terms, 41 MB (5.9% of the database); pairs of them are the
    /// queries that match most chunks (`return value`: 39,500). A fifth (161 terms, 29 MB)
    /// left words like `data` (19.5%) to FTS5: `data type` took 72 million instructions
    /// instead of 27 from the counts (docs/benchmarks.md).
    public var commonShare: Double
    /// The terms are counted again when the chunks written or removed since the last count
    /// pass this share of the index.
    public var recountShare: Double

    public init(frequentChunks: Int, listLength: Int, directLimit: Int, recountShare: Double, commonShare: Double = 0.15) {
        self.frequentChunks = frequentChunks
        self.listLength = listLength
        self.directLimit = directLimit
        self.recountShare = recountShare
        self.commonShare = commonShare
    }

    public static let standard = LeaderPolicy(frequentChunks: 2000, listLength: 300, directLimit: 10_000, recountShare: 0.05)
}
