import FolioCore
import FolioText
import FuzzSupport

/// Chunks come in order, cover the text's words, stay within their pages, and the stream
/// gives the same chunks as the whole document. Small limits so that short inputs make
/// many chunks.
func fuzzChunker(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let pages = FuzzInput(start, count).pages
    let options = ChunkingOptions(maxTokensPerChunk: 8, overlapTokens: 2)
    let chunks = WordChunker(options: options).chunks(of: pages)
    var stream = WordChunker.Stream(options: options)
    var streamed = pages.flatMap { stream.add($0) }
    streamed += stream.finish()
    require(chunks == streamed, "stream and whole chunker disagree")
    var previousEnd = 0
    for (index, chunk) in chunks.enumerated() {
        require(chunk.ordinal == index, "ordinal \(chunk.ordinal) at \(index)")
        require(chunk.startOffset <= chunk.endOffset && chunk.startOffset >= 0, "offsets \(chunk.startOffset)..\(chunk.endOffset)")
        require(chunk.endOffset >= previousEnd, "chunks go backwards")
        require(1 <= chunk.firstPage && chunk.firstPage <= chunk.lastPage && chunk.lastPage <= max(1, pages.count), "pages \(chunk.firstPage)-\(chunk.lastPage)")
        previousEnd = chunk.endOffset
    }
    let words = Set(pages.flatMap(\.lines).flatMap { scalarWords($0.text) })
    let chunked = Set(chunks.flatMap { scalarWords($0.text) })
    require(words.isSubset(of: chunked), "words lost: \(Array(words.subtracting(chunked).prefix(5)))")
    return 0
}

/// Words as the chunker counts them: runs of scalars between white space. (Split by
/// Character, a space followed by a combining mark is one grapheme and no space at all.)
func scalarWords(_ text: String) -> [String] {
    text.unicodeScalars.split(whereSeparator: \.isSpace).map { String(String.UnicodeScalarView($0)) }
}

@_cdecl("fuzz_chunker_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzChunker)
}
