internal import FolioSQLite
internal import FolioText

/// What the index knows of a query's terms, read once in each read of a search and handed
/// to its plan (`LexicalPlan`), each ranking (`LexicalStrategy`) and the checks of excluded
/// and filtered words (`TermPresence`), which each looked the same rows up again: a
/// one-word term's indexed form (folded and stemmed), and, when the last count of frequent
/// terms listed it (`Migrations/v0004_leaders.sql`), the chunks that held it, whether its
/// counts are kept (`Migrations/v0008_term_counts.sql`), and its champion list's newest
/// chunk.
struct TermFacts {
    struct Word {
        /// What the tokenizer makes of the term: one indexed term, or more for a word it splits.
        var indexed: [String]
        var chunks: Int64?
        var common = false
        /// `nil` when the word has no champion list (yet).
        var lastChunk: Int64?
    }

    /// How many chunks there were at the last count of frequent terms; `nil` before the first.
    let census: Int64?
    /// What the ranking learnt of the terms as it went.
    let sightings = TermSightings()
    /// The blocks of counts, hits and lengths the rankings read (in `sightings`: a second
    /// reference stored here made every copy of the facts instantiate their dictionary's
    /// type at run time; docs/benchmarks.md, "The second tier's candidates sieved").
    var blocks: BlockReads { sightings.blocks }
    private let words: [SearchQuery.Term: Word]

    /// The facts of `query`'s required and excluded terms.
    init(_ db: SQLiteConnection, query: SearchQuery) throws {
        try self.init(db, terms: Array(query.required.joined()) + query.excluded)
    }

    init(_ db: SQLiteConnection, terms: [SearchQuery.Term]) throws {
        let census = try db.value(as: Int64.self, "SELECT chunks FROM leader_census")
        var words: [SearchQuery.Term: Word] = [:]
        for term in Set(terms) where !term.isPrefix && term.tokens.count == 1 {
            var word = Word(indexed: try db.fullTextTerms(of: term.tokens[0], tokenizer: FullTextIndex.tokenizer))
            if let first = word.indexed.first,
               let row = try db.row("SELECT chunks, common, last_chunk FROM frequent_term WHERE term = ?", [first], cached: true) {
                word.chunks = row["chunks"]
                word.common = row["common"]
                word.lastChunk = row["last_chunk"]
            }
            words[term] = word
        }
        self.census = census
        self.words = words
    }

    /// The facts of `term`, a one-word term of the query (`nil` for a phrase or a prefix).
    func word(_ term: SearchQuery.Term) -> Word? { words[term] }

    /// The chunks that held `term`, a word indexed as one term, at the last count; `nil`
    /// when it was not counted (too rare, or not a word) or there was no count.
    func chunks(_ term: SearchQuery.Term) -> Int64? {
        guard let census, census > 0, let word = words[term], word.indexed.count == 1 else { return nil }
        return word.chunks
    }

    /// Whether the last count found `term` in half the chunks or more: a word that weighs
    /// nothing in BM25 (`LexicalPlan` leaves it out of the ranking) and is surely held.
    func isInHalfTheChunks(_ term: SearchQuery.Term) -> Bool {
        guard let census, let chunks = chunks(term) else { return false }
        return 2 * chunks >= census
    }

    /// The indexed word of a one-word term that the last count found frequent but not
    /// common: its hits are kept (`Migrations/v0019_term_hits.sql`).
    func frequentWord(_ term: SearchQuery.Term) -> String? {
        guard let word = words[term], !word.common, word.chunks != nil, word.indexed.count == 1 else { return nil }
        return word.indexed[0]
    }

    /// The indexed word of a one-word term that is common (its counts are kept), with the
    /// chunks it was in at the last count.
    func commonWord(_ term: SearchQuery.Term) -> (term: String, chunks: Double)? {
        guard let word = words[term], word.common, let indexed = word.indexed.first, let chunks = word.chunks else { return nil }
        return (indexed, Double(chunks))
    }
}

/// What a search's rankings learn as they go, kept for the rest of the search.
final class TermSightings {
    /// Whether a term is in any chunk, as the ranking saw it for nothing: the second tier
    /// walks each term's chunks (`AnyTermRanking`), so the words no chunk holds are known
    /// without an FTS5 query each (`IndexSearch.unmatchedWords`), which for a long question
    /// cost more than the rest of the words' ranking on a small index (docs/benchmarks.md,
    /// "Words first").
    var held: [SearchQuery.Term: Bool] = [:]
    /// The blocks the rankings read.
    let blocks = BlockReads()
    /// The pass over the blocks a filtered first tier made, which gives the second its
    /// ranking too (`RarerTermsFirst`).
    var rarerTermsFirst: RarerTermsFirst.Made?
}
