public import FolioCore
public import FolioStore

/// Search results in their machine-readable form: what `folioq --json` writes
/// (docs/json.md) and what `folio mcp`'s `search` tool returns, the same keys in both.
public struct SearchResultsJSON: Encodable, Sendable {
    public var query: String
    public var mode: String
    /// The query's words no document holds (as the index reads them).
    public var unmatchedWords: [String]
    /// Whether any document holds any of the query's words.
    public var wordsMatched: Bool
    public var results: [Result]

    enum CodingKeys: String, CodingKey {
        case query, mode, results
        case unmatchedWords = "unmatched_words"
        case wordsMatched = "words_matched"
    }

    /// How a result was ranked, in semantic and hybrid mode.
    public struct Ranking: Encodable, Sendable {
        @Nullable var lexicalRank: Int?
        @Nullable var semanticRank: Int?
        @Nullable var similarity: Float?
        var fusedScore: Double

        enum CodingKeys: String, CodingKey {
            case lexicalRank = "lexical_rank", semanticRank = "semantic_rank", similarity, fusedScore = "fused_score"
        }
    }

    public struct Result: Encodable, Sendable {
        public var rank: Int
        public var path: String
        @Nullable public var title: String?
        public var type: String
        public var chunk: Int
        public var page: Int
        public var chunkPages: [Int]
        @Nullable public var pageLabel: String?
        public var ocr: Bool
        @Nullable public var ocrConfidence: Double?
        @Nullable public var section: String?
        public var snippet: String
        public var highlights: [[Int]]
        public var score: Double
        public var matchesAllTerms: Bool
        public var navigation: Bool
        /// `words`, `meaning` or `words_and_meaning`: what found the result.
        public var foundBy: String
        @Nullable var ranking: Ranking?
        /// What the file records about itself: `author`, a message's `from`, `to`, `cc`, `date`.
        public var fields: [String: String]
        /// Set when the document is on a drive that is not connected: its mount point and
        /// since when (unix seconds).
        @Nullable public var offline: Offline?
        /// For a message: its thread's length and first subject (`folioq --thread PATH`
        /// shows it whole).
        @Nullable public var thread: Thread?

        public struct Thread: Encodable, Sendable {
            public var messages: Int
            @Nullable public var subject: String?
        }

        public struct Offline: Encodable, Sendable {
            public var mountPoint: String
            public var since: Int64

            enum CodingKeys: String, CodingKey {
                case mountPoint = "mount_point", since
            }
        }

        enum CodingKeys: String, CodingKey {
            case rank, path, title, type, chunk, page, section, snippet, highlights, score, navigation, ranking, fields, offline, thread
            case ocr
            case chunkPages = "chunk_pages"
            case pageLabel = "page_label"
            case ocrConfidence = "ocr_confidence"
            case matchesAllTerms = "matches_all_terms"
            case foundBy = "found_by"
        }
    }

    /// `threads`: the thread of each result that is a message (`IndexReader.mailThreads`).
    public init(query: String, results found: SearchResults, threads: [String: MailThread] = [:]) {
        self.query = query
        mode = found.mode.rawValue
        unmatchedWords = found.unmatchedWords
        wordsMatched = found.wordsMatched
        results = found.hits.enumerated().map { index, hit in
            Result(rank: index + 1, path: hit.path, title: hit.title, type: hit.kind.rawValue, chunk: hit.chunkOrdinal,
                   page: hit.page, chunkPages: [hit.firstPage, hit.lastPage], pageLabel: hit.pageLabel, ocr: hit.ocrConfidence != nil,
                   ocrConfidence: hit.ocrConfidence, section: hit.section, snippet: hit.snippet.text,
                   highlights: hit.snippet.highlights.map { [$0.lowerBound, $0.upperBound] }, score: hit.score,
                   matchesAllTerms: hit.matchesAllTerms, navigation: hit.navigation, foundBy: hit.foundBy.rawValue,
                   ranking: hit.ranking.map { Ranking(lexicalRank: $0.lexicalRank, semanticRank: $0.semanticRank, similarity: $0.similarity,
                                                      fusedScore: $0.fusedScore) },
                   fields: Dictionary(uniqueKeysWithValues: hit.fields.map { ($0.key.rawValue, $0.value) }),
                   offline: hit.offline.map { Result.Offline(mountPoint: $0.mountPoint, since: $0.offlineSince ?? 0) },
                   thread: threads[hit.path].map { Result.Thread(messages: $0.messages.count, subject: $0.subject) })
        }
    }
}
