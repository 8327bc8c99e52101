public import FolioCore
public import FolioText

/// A search: the parsed query and what narrows or shapes the results.
public struct SearchRequest: Sendable {
    public var query: SearchQuery
    /// The most results returned.
    public var limit: Int
    /// What narrows the matches before they are ranked: where, what kind, which pages,
    /// what name, when, how big, who.
    public var filters: SearchFilters
    /// Every matching chunk instead of the best chunk of each document.
    public var allChunks: Bool
    /// About how many words of context a snippet shows; 0 for no snippets (faster, for
    /// output that shows none).
    public var snippetWords: Int
    /// By words, by meaning, or both fused (what `meaning` allows).
    public var mode: SearchMode
    /// The window keys nearest the query's vector, when it has one: what `semantic` and
    /// `hybrid` search with. Without it every mode searches by words.
    public var meaning: NearestWindows?
    /// When a query of frequent words is ranked from the champion lists.
    public var leaders: LeaderPolicy = .standard

    public init(query: SearchQuery, limit: Int = 20, scope: PathScope = .everything, kinds: Set<DocumentKind> = [],
                allChunks: Bool = false, snippetWords: Int = 24, mode: SearchMode = .lexical, meaning: NearestWindows? = nil) {
        self.query = query
        self.limit = limit
        filters = SearchFilters(scope: scope, kinds: kinds)
        self.allChunks = allChunks
        self.snippetWords = snippetWords
        self.mode = mode
        self.meaning = meaning
    }

    /// The mode the search runs in: by words when there is no vector, or when the query
    /// asks for exact words (`"a phrase"`, `prefix*`), which keep their lexical meaning.
    public var effectiveMode: SearchMode {
        guard mode != .lexical, meaning != nil, !query.asksForExactWords else { return .lexical }
        return mode
    }

    /// Whether any filter narrows the matches before they are ranked.
    var narrowsMatches: Bool { filters.narrows }

    /// Whether a folder, kinds or pages narrow the matches: their matches are ranked alone
    /// (`FilteredRanking`), as before there were other filters. A name, time, size,
    /// extensions and people often keep most documents: the matches are then ranked as
    /// without them, and those they allow kept from more of them (`IndexSearch.bm25`); when
    /// they keep few, `AllowedChunksRanking` ranks those (docs/benchmarks.md, "Filters").
    var narrowsToFew: Bool {
        filters.scope != .everything || !filters.kinds.isEmpty || filters.pages != nil
    }

    public var scope: PathScope {
        get { filters.scope }
        set { filters.scope = newValue }
    }

    public var kinds: Set<DocumentKind> {
        get { filters.kinds }
        set { filters.kinds = newValue }
    }

    public var pages: ClosedRange<Int>? {
        get { filters.pages }
        set { filters.pages = newValue }
    }

    public var name: NamePattern? {
        get { filters.name }
        set { filters.name = newValue }
    }
}

/// How results are found: by the words of the query (FTS5's BM25), by its meaning (the
/// vectors of the windows nearest its vector), or both, fused by their standardised scores.
public enum SearchMode: String, Sendable, CaseIterable, Codable {
    case lexical, semantic, hybrid
}


/// One result: a chunk of a document, where it is, and a snippet around the match.
public struct SearchHit: Sendable, Equatable {
    public var path: String
    public var title: String?
    public var kind: DocumentKind
    public var chunkOrdinal: Int
    /// The page the first match is on (`firstPage` when that is not known: without a
    /// snippet, the match is not located).
    public var page: Int
    public var firstPage: Int
    public var lastPage: Int
    /// The printed label of `page`, where the file has labels.
    public var pageLabel: String?
    public var section: String?
    public var snippet: Snippet
    /// BM25 score as SQLite gives it: lower is better.
    public var score: Double
    /// Whether the chunk holds every term of the query (the first tier of results).
    public var matchesAllTerms: Bool
    /// Whether the chunk is a contents page's, a list of figures' or an index's
    /// (`NavigationText`): ranked after the text that matches as well.
    public var navigation: Bool
    /// Tesseract's mean confidence when the text of `page` came from OCR.
    public var ocrConfidence: Double?
    /// Where the hit stands, from 1, among the words' results and the meaning's results
    /// (`nil`: not among them), its best window's cosine similarity to the query, and
    /// the fused score it is ranked by: what `folioq --explain` shows.
    public var ranking: HitRanking?
    /// What the document's file records about itself (a book's author, a message's
    /// sender and date).
    public var fields: [DocumentField: String] = [:]
    /// What found the hit: its words, its meaning, or both.
    public var foundBy: FoundBy = .words
    /// The volume it is on when that is not mounted (a drive unplugged): the document is
    /// still found, and cannot be opened until the drive is back.
    public var offline: Volume?
}

/// What found a hit: the query's words (the hit holds them), its meaning (a window of the
/// hit is near the query's vector), or both. A hit found by meaning alone may hold none of
/// the words, and every front end says so.
public enum FoundBy: String, Sendable, Equatable, Codable {
    case words
    case meaning
    case wordsAndMeaning = "words_and_meaning"
}

/// How a hit of a semantic or hybrid search was ranked.
public struct HitRanking: Sendable, Equatable {
    public var lexicalRank: Int?
    public var semanticRank: Int?
    public var similarity: Float?
    public var fusedScore: Double

    public init(lexicalRank: Int?, semanticRank: Int?, similarity: Float?, fusedScore: Double) {
        self.lexicalRank = lexicalRank
        self.semanticRank = semanticRank
        self.similarity = similarity
        self.fusedScore = fusedScore
    }
}

/// A short extract of a chunk with the matched words marked.
public struct Snippet: Sendable, Equatable {
    /// The extract, on one line.
    public var text: String
    /// The matched words, as ranges of Unicode scalar offsets into `text`.
    public var highlights: [Range<Int>]

    public init(text: String, highlights: [Range<Int>]) {
        self.text = text
        self.highlights = highlights
    }

    /// The snippet with each stretch of plain text passed through `text` and each match
    /// through `match`: how every front end escapes and marks it its own way. The stretches
    /// are slices of `text`'s scalars: copying each scalar into a new string
    /// was a visible part of a `folioq` process showing ten results (docs/benchmarks.md).
    public func rendered(text: (String) -> String, match: (String) -> String) -> String {
        let scalars = self.text.unicodeScalars
        var output = ""
        var position = scalars.startIndex
        var offset = 0
        for range in highlights where range.lowerBound >= offset {
            guard let start = scalars.index(position, offsetBy: range.lowerBound - offset, limitedBy: scalars.endIndex),
                  let end = scalars.index(start, offsetBy: range.count, limitedBy: scalars.endIndex) else { continue }
            output += text(String(scalars[position..<start]))
            output += match(String(scalars[start..<end]))
            (position, offset) = (end, range.upperBound)
        }
        return output + text(String(scalars[position...]))
    }

    /// The scalars put around matches (`MatchMarker`): private-use code points that
    /// no document text is expected to hold.
    static let openMark: Unicode.Scalar = "\u{E000}"
    static let closeMark: Unicode.Scalar = "\u{E001}"

    /// The first `count` words of a text (white space runs one space), with an ellipsis when
    /// there are more: the snippet of a chunk found by meaning, which no word matched.
    init(leadingWords text: String, count: Int) {
        // Only the text's start is read: split whole, a chunk's thousand words were most of
        // what a search by meaning cost its process after the ranking (docs/benchmarks.md).
        // Four times the words shown, as leaders collapsed may take several.
        let (start, cut) = Self.leading(text, words: max(1, count) * 4)
        let words = Self.collapsingNavigation(start).split(whereSeparator: { $0.isWhitespace })
        let shown = words.prefix(count).joined(separator: " ")
        self.init(text: words.count > count || cut ? shown + " …" : shown, highlights: [])
    }

    /// The text up to the end of its first `words` words, and whether more follows. Leader
    /// dots are not words: a contents page's run of them collapses to one ellipsis.
    private static func leading(_ text: String, words: Int) -> (String, Bool) {
        let scalars = text.unicodeScalars
        var seen = 0
        var inWord = false
        for index in scalars.indices {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                if inWord, seen == words {
                    return (String(scalars[..<index]), scalars[index...].contains { !$0.properties.isWhitespace })
                }
                inWord = false
            } else if !inWord, NavigationText.leaderDots(scalar) == 0 {
                inWord = true
                seen += 1
            }
        }
        return (text, false)
    }

    /// Reads a marked extract (`MatchMarker`): marks become ranges, white space runs one space,
    /// leaders and page-number columns an ellipsis. Runs of other scalars are copied whole.
    init(marked: String) {
        let scalars = Self.collapsingNavigation(marked).unicodeScalars
        var text = ""
        var highlights: [Range<Int>] = []
        var openedAt: Int?
        var count = 0
        var lastWasSpace = true
        var run = scalars.startIndex
        for index in scalars.indices {
            let scalar = scalars[index]
            guard scalar == Self.openMark || scalar == Self.closeMark || scalar.isSpace else {
                count += 1
                lastWasSpace = false
                continue
            }
            text += String(scalars[run..<index])
            run = scalars.index(after: index)
            if scalar == Self.openMark {
                openedAt = count
            } else if scalar == Self.closeMark {
                if let start = openedAt, start < count { highlights.append(start..<count) }
                openedAt = nil
            } else if !lastWasSpace {
                text += " "
                count += 1
                lastWasSpace = true
            }
        }
        text += String(scalars[run...])
        if lastWasSpace, count > 0 {
            text.unicodeScalars.removeLast()
            highlights = highlights.map { $0.clamped(to: 0..<(count - 1)) }.filter { !$0.isEmpty }
        }
        self.init(text: text, highlights: highlights)
    }
}
