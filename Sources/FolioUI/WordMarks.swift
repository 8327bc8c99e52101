internal import FolioText

/// Which words of a page to mark for what was asked: a search's words (each word of the
/// page that is one of them, or, for a word of four letters or more, starts with it:
/// "invoice" marks "invoices"), or a citation's quote (each word of the page that stands
/// beside the same neighbour as in the quote, so the quoted run is marked and not every
/// "the" on the page).
struct WordMarks {
    private let terms: Set<String>
    private let pairs: Set<[String]>
    private let quoting: Bool

    /// A text of six words or more is a quote.
    init(_ asked: String) {
        let words = Self.words(asked).map(\.word)
        quoting = words.count >= 6
        terms = Set(words.filter { $0.count >= 2 && !StopWords.english.contains($0) })
        pairs = Set(zip(words, words.dropFirst()).map { [$0, $1] })
    }

    /// Of `words` (a page's, in reading order), the indices to mark.
    func marked(_ words: [String]) -> [Int] {
        let normal = words.map(Self.normalised)
        return normal.indices.filter { index in
            let word = normal[index]
            guard !word.isEmpty else { return false }
            if quoting {
                return (index > 0 && pairs.contains([normal[index - 1], word])) || (index + 1 < normal.count && pairs.contains([word, normal[index + 1]]))
            }
            return terms.contains(word) || terms.contains { $0.count >= 4 && word.hasPrefix($0) }
        }
    }

    /// `text`'s words with where each is, in Unicode scalars (as the page's highlights are
    /// given): for a text preview.
    func highlights(in text: String) -> [[Int]] {
        let found = Self.words(text)
        return marked(found.map(\.word)).map { [found[$0].start, found[$0].end] }
    }

    static func normalised(_ word: String) -> String {
        String(String.UnicodeScalarView(word.lowercased().unicodeScalars.filter(FullTextTokenizer.isTokenScalar)))
    }

    /// The words of `text` as the index's tokenizer splits them, lowercased, with their
    /// offsets in Unicode scalars.
    static func words(_ text: String) -> [(word: String, start: Int, end: Int)] {
        FullTextTokenizer.tokenOffsets(in: text).map { ($0.token, $0.start, $0.end) }
    }
}
