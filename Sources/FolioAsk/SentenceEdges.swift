/// Where a chunk is cut in the middle of a sentence, the rest of that sentence from the
/// chunk beside it, so that a passage sent to the model neither opens nor ends on half a
/// sentence. Chunks overlap (`WordChunker`), so the chunk beside holds this one's edge:
/// its opening or closing words are found there (as words: the texts are not cut from
/// one string), and the sentence taken on from them. A chunk opens in the middle of a
/// sentence when it opens in lower case, and ends in one when its last word has no stop
/// and the words after it go on in lower case. Only a rest of at most `longest` words is
/// taken: more is a table or code, not a sentence.
enum SentenceEdges {
    static let longest = 40
    /// How many of the chunk's words at its edge are looked for in the chunk beside it.
    static let edgeWords = 8

    /// The start of the sentence `text` opens in the middle of, from `previous`.
    static func leadIn(previous: String?, text: String) -> String? {
        guard let previous, opensMidSentence(text) else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace)
        let before = previous.split(whereSeparator: \.isWhitespace)
        let edge = Array(words.prefix(edgeWords))
        guard edge.count == edgeWords, let at = lastRange(of: edge, in: before) else { return nil }
        let start = before[..<at].lastIndex(where: endsSentence).map { $0 + 1 } ?? before.startIndex
        guard at - start > 0, at - start <= longest else { return nil }
        return before[start..<at].joined(separator: " ")
    }

    /// The end of the sentence `text` stops in the middle of, from `next`.
    static func runOn(text: String, next: String?) -> String? {
        guard let next, endsMidSentence(text) else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace)
        let after = next.split(whereSeparator: \.isWhitespace)
        let edge = Array(words.suffix(edgeWords))
        // The sentence goes on in lower case; a capital after the edge is a new sentence or
        // a page's running head.
        guard edge.count == edgeWords, let at = firstRange(of: edge, in: after).map({ $0 + edgeWords }), at < after.count,
              after[at].first?.isLowercase == true,
              let end = after[at...].firstIndex(where: endsSentence), end + 1 - at <= longest else { return nil }
        return after[at...end].joined(separator: " ")
    }

    static func opensMidSentence(_ text: String) -> Bool {
        text.first { !$0.isWhitespace }?.isLowercase == true
    }

    static func endsMidSentence(_ text: String) -> Bool {
        guard let last = text.last(where: { !$0.isWhitespace }) else { return false }
        return !".!?:;)]}\"'`”’".contains(last)
    }

    private static func endsSentence(_ word: Substring) -> Bool {
        word.last.map { ".!?".contains($0) } ?? false
    }

    /// Where `edge` first and last occurs in `words`, as the index of its first word.
    private static func firstRange(of edge: [Substring], in words: [Substring]) -> Int? {
        starts(of: edge, in: words).first { occurs(edge, in: words, at: $0) }
    }

    private static func lastRange(of edge: [Substring], in words: [Substring]) -> Int? {
        starts(of: edge, in: words).last { occurs(edge, in: words, at: $0) }
    }

    private static func starts(of edge: [Substring], in words: [Substring]) -> Range<Int> {
        0..<max(0, words.count - edge.count + 1)
    }

    private static func occurs(_ edge: [Substring], in words: [Substring], at start: Int) -> Bool {
        (0..<edge.count).allSatisfy { words[start + $0] == edge[$0] }
    }
}
