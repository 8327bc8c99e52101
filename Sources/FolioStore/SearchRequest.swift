public import FolioCore
public import FolioText

/// A search: the parsed query and what narrows or shapes the results.
public struct SearchRequest: Sendable {
    public var query: SearchQuery
    /// The most results returned.
    public var limit: Int
    public var scope: PathScope
    /// Only documents of these kinds; all kinds when empty.
    public var kinds: Set<DocumentKind>
    /// Every matching chunk instead of the best chunk of each document.
    public var allChunks: Bool
    /// About how many words of context a snippet shows; 0 for no snippets (faster, for
    /// output that shows none).
    public var snippetWords: Int

    public init(query: SearchQuery, limit: Int = 20, scope: PathScope = .everything, kinds: Set<DocumentKind> = [],
                allChunks: Bool = false, snippetWords: Int = 24) {
        self.query = query
        self.limit = limit
        self.scope = scope
        self.kinds = kinds
        self.allChunks = allChunks
        self.snippetWords = snippetWords
    }
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
    /// Tesseract's mean confidence when the text of `page` came from OCR.
    public var ocrConfidence: Double?
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
    /// through `match`: how every front end escapes and marks it its own way.
    public func rendered(text: (String) -> String, match: (String) -> String) -> String {
        let scalars = Array(self.text.unicodeScalars)
        var output = ""
        var position = 0
        for range in highlights where range.lowerBound >= position && range.upperBound <= scalars.count {
            output += text(String(String.UnicodeScalarView(scalars[position..<range.lowerBound])))
            output += match(String(String.UnicodeScalarView(scalars[range])))
            position = range.upperBound
        }
        return output + text(String(String.UnicodeScalarView(scalars[position...])))
    }

    /// The scalars SQLite's `snippet()` puts around matches: private-use code points that
    /// no document text is expected to hold.
    static let openMark: Unicode.Scalar = "\u{E000}"
    static let closeMark: Unicode.Scalar = "\u{E001}"

    /// Reads the output of `snippet()`: marks become ranges, white space runs one space.
    init(marked: String) {
        var text = String.UnicodeScalarView()
        var highlights: [Range<Int>] = []
        var openedAt: Int?
        var count = 0
        var lastWasSpace = true
        for scalar in marked.unicodeScalars {
            switch scalar {
            case Self.openMark:
                openedAt = count
            case Self.closeMark:
                if let start = openedAt, start < count { highlights.append(start..<count) }
                openedAt = nil
            case _ where scalar.properties.isWhitespace:
                if !lastWasSpace {
                    text.append(" ")
                    count += 1
                }
                lastWasSpace = true
            default:
                text.append(scalar)
                count += 1
                lastWasSpace = false
            }
        }
        if lastWasSpace, let last = text.indices.last {
            text.remove(at: last)
            highlights = highlights.map { $0.clamped(to: 0..<(count - 1)) }.filter { !$0.isEmpty }
        }
        self.init(text: String(text), highlights: highlights)
    }
}
