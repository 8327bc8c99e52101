public import FolioStore
internal import FolioCore

/// Chooses the passages a question is sent with: the search's best chunks in their order,
/// as many as the model's context holds once the instructions, the question and the room
/// kept for the answer are counted (`TokenEstimate`), at most `[ask] passages`.
public struct ContextBudget: Sendable {
    /// The model's whole window, and the part of it kept for the answer.
    public var contextTokens: Int
    public var answerTokens: Int
    public var maximumPassages: Int

    /// A passage cut to fit is given at least this much text, or left out.
    static let leastPassageTokens = 96
    /// A context that leaves less than this beside the answer is not worth asking again in.
    public static let leastRoom = 256

    public init(contextTokens: Int, answerTokens: Int, maximumPassages: Int) {
        self.contextTokens = contextTokens
        self.answerTokens = answerTokens
        self.maximumPassages = maximumPassages
    }

    /// What is left for passages once `fixed` (instructions and question) and the answer
    /// are counted.
    func room(fixed: Int) -> Int { contextTokens - answerTokens - fixed }

    /// The passages of `hits` (with their chunks' texts) that fit, numbered from 1. Within
    /// `pages`, a chunk over a page break keeps only the text of the page inside. A chunk
    /// too long for what is left is passed over for the next ones; the first one, if
    /// nothing fits whole, is cut to the room there is.
    /// `history`: the conversation's earlier turns, sent with them.
    public func passages(_ hits: [SearchHit], texts: [ChunkContent?], question: String, pages: ClosedRange<Int>?,
                         history: [AskPrompt.Exchange] = []) throws(AskError) -> [Passage] {
        let fixed = AskPrompt.fixedTokens(question: question, history: history)
        var left = room(fixed: fixed)
        guard left >= Self.leastPassageTokens else { throw .contextTooSmall(contextTokens: contextTokens, needed: fixed + answerTokens) }
        var chosen: [Passage] = []
        var firstTooLong: Passage?
        for index in Self.order(hits) {
            guard chosen.count < maximumPassages else { break }
            guard let text = texts[index], var passage = Self.passage(hits[index], text, rank: index + 1, within: pages) else { continue }
            passage.number = chosen.count + 1
            let cost = AskPrompt.tokens(of: passage)
            if cost <= left {
                chosen.append(passage)
                left -= cost
            } else if firstTooLong == nil {
                firstTooLong = passage
            }
        }
        if chosen.isEmpty, var passage = firstTooLong {
            passage.number = 1
            // The heading's cost, and the line that marks a second page if the cut keeps one.
            let framing = AskPrompt.tokens(of: Passage(copying: passage, text: "")) + (passage.lastPageStarts == nil ? 0 : 8)
            passage.text = Self.prefix(of: passage.text, tokens: left - framing)
            if let start = passage.lastPageStarts, start >= passage.text.unicodeScalars.count {
                passage.lastPage = passage.firstPage
                passage.lastPageStarts = nil
            }
            chosen.append(passage)
        }
        return chosen
    }

    /// A document's third and later passages count their score at this share: they go
    /// after the other documents' hits that scored nearly as well, for an answer from
    /// several documents rather than many passages of one when the search cannot tell them
    /// apart (docs/benchmarks.md, "Passages chosen for answering").
    static let sameDocumentShare = 0.9

    /// The hits' indices in the order passages are taken: the search's, scored by rank as
    /// reciprocal rank fusion scores a list (the search's own order has tiers a fused score
    /// alone does not show: the sole holder of a rare word first, contents pages last), a
    /// document's third and later hit at `sameDocumentShare` of its score.
    static func order(_ hits: [SearchHit]) -> [Int] {
        var seen: [String: Int] = [:]
        let scored = hits.enumerated().map { index, hit -> (index: Int, score: Double) in
            let score = 1 / Double(60 + index + 1)
            seen[hit.path, default: 0] += 1
            return (index, seen[hit.path]! > 2 ? score * sameDocumentShare : score)
        }
        return scored.sorted { $0.score > $1.score || ($0.score == $1.score && $0.index < $1.index) }.map(\.index)
    }

    /// A hit as a passage, its text kept to `pages` and its sentences cut at the chunk's
    /// edges made whole (`SentenceEdges`); `nil` when no text is left.
    static func passage(_ hit: SearchHit, _ chunk: ChunkContent, rank: Int, within pages: ClosedRange<Int>?) -> Passage? {
        var text = chunk.text
        var first = hit.firstPage
        var last = hit.lastPage
        var lastStarts = chunk.pageBreak
        var label = chunk.firstPageLabel
        var keepsFirst = true, keepsLast = true
        if let pages, let pageBreak = chunk.pageBreak, first != last {
            let scalars = text.unicodeScalars
            let split = scalars.index(scalars.startIndex, offsetBy: min(pageBreak, scalars.count))
            if !pages.contains(first) {
                text = String(scalars[split...])
                first = last
                label = chunk.lastPageLabel
                lastStarts = nil
                keepsFirst = false
            } else if !pages.contains(last) {
                text = String(scalars[..<split])
                last = first
                lastStarts = nil
                keepsLast = false
            }
        }
        if keepsFirst, let leadIn = SentenceEdges.leadIn(previous: chunk.previousText, text: chunk.text) {
            text = leadIn + " " + text
            lastStarts = lastStarts.map { $0 + leadIn.unicodeScalars.count + 1 }
        }
        if keepsLast, let runOn = SentenceEdges.runOn(text: chunk.text, next: chunk.nextText) {
            while text.last?.isWhitespace == true { text.removeLast() }
            text += " " + runOn
        }
        let leading = text.unicodeScalars.prefix { $0.properties.isWhitespace }.count
        text = text.trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        lastStarts = lastStarts.map { $0 - leading }
        return Passage(number: 0, path: hit.path, title: hit.title, kind: hit.kind, chunk: hit.chunkOrdinal, firstPage: first, lastPage: last,
                       pageLabel: label, section: hit.section, text: text, lastPageStarts: lastStarts, rank: rank)
    }

    /// The words of `text` from its start that `tokens` holds, and an ellipsis.
    static func prefix(of text: String, tokens: Int) -> String {
        var kept = ""
        var used = 0
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            let cost = TokenEstimate.tokens(in: String(word))
            if used + cost > tokens - 1 { break }
            kept += kept.isEmpty ? String(word) : " " + word
            used += cost
        }
        return kept + " …"
    }
}

extension Passage {
    init(copying passage: Passage, text: String) {
        self = passage
        self.text = text
        lastPageStarts = nil
    }
}
