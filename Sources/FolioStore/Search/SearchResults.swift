internal import FolioText

/// What a search found, and what it could not: the hits in their order, the mode they were
/// found in, and the query's words that no document holds, so that every front end can say
/// so before a result found by meaning alone.
public struct SearchResults: Sendable, Equatable {
    public var hits: [SearchHit]
    /// How the hits were found: `lexical` when the index has no vectors, the query asks
    /// for exact words, or meaning could not be had (`meaningUnavailable` says why).
    public var mode: SearchMode
    /// The query's words (a required term each, as the index reads it: `kowalczyk`, `inv
    /// 2023 4711`) that no chunk in the index holds; empty when a chunk holds them all.
    public var unmatchedWords: [String]
    /// Whether some chunk holds any of the query's words: when none does, every hit was
    /// found by meaning alone.
    public var wordsMatched: Bool
    /// Why a search by meaning fell back to words (the embedder and the model both failed),
    /// when it did.
    public var meaningUnavailable: String?

    public init(hits: [SearchHit], mode: SearchMode, unmatchedWords: [String] = [], wordsMatched: Bool = true,
                meaningUnavailable: String? = nil) {
        self.hits = hits
        self.mode = mode
        self.unmatchedWords = unmatchedWords
        self.wordsMatched = wordsMatched
        self.meaningUnavailable = meaningUnavailable
    }

    /// Whether results are shown though no document holds every word of the query: the
    /// front ends then say "No document has …" before them.
    public var foundWithoutEveryWord: Bool { !unmatchedWords.isEmpty && !hits.isEmpty }

    /// What the front ends say of the words no document holds: "No document has
    /// “Kowalczyk”" (`missing`: the words to name, by default `unmatchedWords`).
    public func noDocumentHas(_ missing: [String]? = nil) -> String {
        "No document has " + (missing ?? unmatchedWords).map { "“\($0)”" }.joined(separator: ", ")
    }
}

/// The first phase of a search (`SearchIndex.findWords`): the words' ranking, and what the
/// second phase needs to know without reading it again.
public struct WordMatches: Sendable {
    /// The words' ranking, best first, to `Fusion.depth` when meaning may be fused with it;
    /// `nil` when the search is by meaning alone and the words were not ranked.
    var ranked: [RankedChunk]?
    /// Required terms that no chunk holds, as `SearchResults.unmatchedWords`.
    var unmatchedWords: [String]
    /// Whether any chunk holds any required term.
    var wordsMatched: Bool
    /// Whether the index has vectors a query's meaning can be searched in: only then is it
    /// worth waiting for the query's vector.
    public var indexHasMeaning: Bool
}

extension SearchQuery.Term {
    /// The term as the index reads it, for a person: its tokens, a `*` after a prefix.
    var shown: String { tokens.joined(separator: " ") + (isPrefix ? "*" : "") }
}
