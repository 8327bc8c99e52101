/// Which terms get champion lists (`Migrations/v0004_leaders.sql`), how long the lists are,
/// and when a query of one word is ranked from its list instead of from every match.
///
/// Measured with `bench/scale.py` (docs/benchmarks.md, "Search at scale"): FTS5's bm25()
/// costs about a microsecond per matching chunk, so a word in more than `directLimit`
/// chunks would take more than a launcher's budget by itself.
public struct LeaderPolicy: Sendable, Equatable {
    /// A term in at least this many chunks gets a list (kept until it falls below half).
    public var frequentChunks: Int
    /// The chunks listed per term.
    public var listLength: Int
    /// A word in more chunks than this is ranked from its list.
    public var directLimit: Int
    /// The terms are counted again when the chunks written or removed since the last count
    /// pass this share of the index.
    public var recountShare: Double

    public init(frequentChunks: Int, listLength: Int, directLimit: Int, recountShare: Double) {
        self.frequentChunks = frequentChunks
        self.listLength = listLength
        self.directLimit = directLimit
        self.recountShare = recountShare
    }

    public static let standard = LeaderPolicy(frequentChunks: 2000, listLength: 300, directLimit: 10_000, recountShare: 0.05)
}
