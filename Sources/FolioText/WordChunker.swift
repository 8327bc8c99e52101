public import FolioCore

/// Cuts a document's pages into overlapping chunks of at most `maxTokensPerChunk` words.
///
/// A chunk never straddles two sections, never spans more than two pages (so a hit's
/// page is right to within one), and never splits a word. Within a section it
/// ends, in order of preference, at the end of a line (a paragraph, heading or table row),
/// at the end of a sentence, or after exactly the maximum number of words; the first two
/// only when that keeps the chunk at least half full. The next chunk starts up to
/// `overlapTokens` words earlier, at a sentence start where there is one, so a phrase cut
/// by the boundary is whole in one of the two. Output depends on the input alone.
///
/// Memory is bounded by one chunk's worth of words, whatever the document's length.
///
/// With `sourceCode`, a chunk knows the line it starts on (`firstLine`) and its text keeps
/// the blank lines between its lines, so that a match's line is that line plus the
/// newlines before the match (`CodeLine`); its camelCase names' parts are its `terms`
/// (`CodeTerms`), and where its lines are in definitions smaller than its section, its
/// `outline` says which.
public struct WordChunker: Chunker {
    public var options: ChunkingOptions
    public var sourceCode: Bool

    public init(options: ChunkingOptions, sourceCode: Bool = false) {
        self.options = options
        self.sourceCode = sourceCode
    }

    public func chunks(of pages: [Page]) -> [Chunk] {
        var stream = Stream(options: options, sourceCode: sourceCode)
        return pages.flatMap { stream.add($0) } + stream.finish()
    }

    public func makeStream() -> any ChunkStream {
        Stream(options: options, sourceCode: sourceCode)
    }

    /// The chunker fed one page at a time, for documents too long to hold whole: each
    /// page gives the chunks it completed.
    public struct Stream: ChunkStream {
        private var builder: Builder
        private var offset = 0
        private var lineID = 0
        private var pages = 0

        public init(options: ChunkingOptions, sourceCode: Bool = false) {
            precondition(options.maxTokensPerChunk > options.overlapTokens && options.overlapTokens >= 0,
                         "overlap must be smaller than the chunk size; FolioConfiguration validates this")
            builder = Builder(options: options, sourceCode: sourceCode)
        }

        public mutating func add(_ page: Page) -> [Chunk] {
            if pages > 0 { offset += 1 }  // the form feed between pages
            pages += 1
            for (lineIndex, line) in page.lines.enumerated() {
                if lineIndex > 0 { offset += 1 }  // the newline between lines
                if line.section != builder.section { builder.startSection(line.section) }
                offset = builder.add(line: line.text, id: lineID, page: page.number, startingAt: offset, definition: line.definition)
                lineID += 1
            }
            return builder.takeChunks()
        }

        /// The last chunk.
        public mutating func finish() -> [Chunk] {
            builder.finish()
            return builder.takeChunks()
        }
    }
}

/// A word of the input: where it is, and whether a line or a sentence ends after it.
private struct Word {
    /// The whole line the word is on (shared storage, not a copy) and the word's bounds.
    var line: String
    var start: String.Index
    var end: String.Index
    var lineID: Int
    var page: Int
    var startOffset: Int
    var endOffset: Int
    /// In source code, the innermost definition of its line (`TextLine.definition`).
    var definition: String?
    var endsLine = false
    var endsSentence = false
}

/// The streaming state of `WordChunker`: the words not yet cut into a chunk, plus the overlap
/// kept from the last one.
private struct Builder: Sendable {
    let options: ChunkingOptions
    let sourceCode: Bool
    /// Chunks made and not yet taken.
    private var chunks: [Chunk] = []
    /// Chunks made so far, taken or not: the next one's ordinal.
    private var made = 0
    var section: String?
    private var words: [Word] = []
    /// How many of `words` were already in the previous chunk (the overlap).
    private var alreadyEmitted = 0

    init(options: ChunkingOptions, sourceCode: Bool) {
        self.options = options
        self.sourceCode = sourceCode
        words.reserveCapacity(options.maxTokensPerChunk + 1)
    }

    mutating func startSection(_ section: String?) {
        finish()
        words.removeAll(keepingCapacity: true)
        alreadyEmitted = 0
        self.section = section
    }

    /// Adds the words of one line; returns the scalar offset just past it.
    mutating func add(line: String, id: Int, page: Int, startingAt lineOffset: Int, definition: String?) -> Int {
        let scalars = line.unicodeScalars
        var offset = lineOffset
        var wordStart: String.Index?
        var wordStartOffset = 0
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let isSpace = scalars[index].isSpace
            if isSpace, let start = wordStart {
                append(Word(line: line, start: start, end: index, lineID: id, page: page, startOffset: wordStartOffset, endOffset: offset,
                            definition: definition))
                wordStart = nil
            } else if !isSpace, wordStart == nil {
                wordStart = index
                wordStartOffset = offset
            }
            offset += 1
            index = scalars.index(after: index)
        }
        if let start = wordStart {
            append(Word(line: line, start: start, end: index, lineID: id, page: page, startOffset: wordStartOffset, endOffset: offset,
                            definition: definition))
        }
        if let last = words.indices.last, words[last].lineID == id {
            words[last].endsLine = true
        }
        return offset
    }

    private mutating func append(_ word: Word) {
        var word = word
        word.endsSentence = Self.endsSentence(word.line.unicodeScalars[word.start..<word.end])
        if let first = words.first, let last = words.last, first.page != last.page, word.page != last.page {
            cutBeforeThirdPage()
        }
        words.append(word)
        if words.count >= options.maxTokensPerChunk { cut() }
    }

    /// Emits the words so far when the next word would bring a third page into the chunk;
    /// the overlap kept is from the last page only.
    private mutating func cutBeforeThirdPage() {
        if words.count > alreadyEmitted { emit(words[...]) }
        let lastPage = words[words.count - 1].page
        var start = max(words.count - options.overlapTokens, words.lastIndex { $0.page != lastPage }! + 1)
        if let sentenceStart = (start..<words.count).first(where: { words[$0 - 1].endsSentence || words[$0 - 1].endsLine }) {
            start = sentenceStart
        }
        words.removeFirst(start)
        alreadyEmitted = words.count
    }

    /// Emits a chunk from the full window and keeps the overlap (and any words after the
    /// cut) for the next one.
    private mutating func cut() {
        let maximum = options.maxTokensPerChunk
        let half = maximum / 2
        let end = (half...maximum).reversed().first { words[$0 - 1].endsLine }
            ?? (half...maximum).reversed().first { words[$0 - 1].endsSentence }
            ?? maximum
        emit(words[0..<end])
        var start = max(end - options.overlapTokens, 1)
        if let sentenceStart = (start..<end).first(where: { words[$0 - 1].endsSentence || words[$0 - 1].endsLine }) {
            start = sentenceStart
        }
        words.removeFirst(start)
        alreadyEmitted = end - start
    }

    /// Emits whatever has not been emitted yet.
    mutating func finish() {
        if words.count > alreadyEmitted { emit(words[...]) }
        words.removeAll(keepingCapacity: true)
        alreadyEmitted = 0
    }

    mutating func takeChunks() -> [Chunk] {
        defer { chunks.removeAll(keepingCapacity: true) }
        return chunks
    }

    private mutating func emit(_ slice: ArraySlice<Word>) {
        guard let first = slice.first, let last = slice.last else { return }
        var text = ""
        var pageBreak: Int?
        var runStart = slice.startIndex
        var previousLine: Int?
        var outline = ""
        var named: String?? = .none
        var namesOtherThanSection = false
        for index in slice.indices where index == slice.endIndex - 1 || slice[index + 1].lineID != slice[index].lineID {
            let run = slice[runStart]
            if let previousLine { text.append(sourceCode ? String(repeating: "\n", count: max(1, run.lineID - previousLine)) : "\n") }
            previousLine = run.lineID
            if pageBreak == nil, run.page != first.page { pageBreak = text.unicodeScalars.count }
            text.append(String(run.line.unicodeScalars[run.start..<slice[index].end]))
            if sourceCode, named != .some(run.definition) {
                outline += "\(run.lineID - first.lineID)\t\(run.definition ?? "")\n"
                named = .some(run.definition)
                if run.definition != section { namesOtherThanSection = true }
            }
            runStart = index + 1
        }
        made += 1
        chunks.append(Chunk(ordinal: made - 1, firstPage: first.page, lastPage: last.page, section: section,
                            text: text, startOffset: first.startOffset, endOffset: last.endOffset, pageBreakOffset: pageBreak,
                            firstLine: sourceCode ? first.lineID + 1 : nil, terms: sourceCode ? CodeTerms.of(text) : nil,
                            outline: namesOtherThanSection ? outline : nil))
    }

    /// Whether a word closes a sentence: it ends in `.`, `!`, `?` (or their CJK forms),
    /// possibly followed by closing quotes or brackets.
    /// Every word is asked: a switch, not a set (hashing each word's last scalars was a
    /// percent of indexing time).
    private static func endsSentence(_ word: Substring.UnicodeScalarView) -> Bool {
        guard let last = word.reversed().first(where: { !isCloser($0) }) else { return false }
        switch last {
        case ".", "!", "?", "。", "！", "？": return true
        default: return false
        }
    }

    private static func isCloser(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", ")", "]", "»", "”", "’": true
        default: false
        }
    }
}
