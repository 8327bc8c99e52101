public import FolioCore

/// What becomes of a document's pages on their way to the index, one page at a time:
/// running headers and footers out (`HeaderFooterFilter.Stream`), then cut into chunks
/// (the chunker's `ChunkStream`). A PDF of thousands of pages goes through holding a
/// window of pages, not all of them (with `WordChunker`); what it keeps is the chunks
/// until they are taken, and the first pages after filtering (where `DocumentTitle`
/// looks for a title).
public struct PagePipeline: Sendable {
    /// `nil` for kinds whose pages carry no running headers (`DocumentKind.hasRunningHeaders`).
    private var filter: HeaderFooterFilter.Stream?
    private var chunker: any ChunkStream
    /// The ordinal of the next chunk: the pipeline numbers the chunks, and marks those of
    /// contents and index pages (`NavigationText`), whatever the chunker.
    private var nextOrdinal = 0
    /// The chunks made and not yet taken.
    public private(set) var chunks: [Chunk] = []
    /// The first pages after filtering, as many as `DocumentTitle` reads.
    public private(set) var firstPages: [Page] = []

    /// Without `filter`, every line of every page goes to the chunker.
    public init(filter: HeaderFooterFilter?, chunker: any Chunker) {
        self.filter = filter.map { HeaderFooterFilter.Stream(filter: $0) }
        self.chunker = chunker.makeStream()
    }

    public mutating func add(_ page: Page) {
        take(filter?.add(page) ?? [page])
    }

    /// Takes in the pages still held and the last chunk.
    public mutating func finish() {
        take(filter?.finish() ?? [])
        append(chunker.finish())
    }

    /// The chunks made so far, handed over to be written.
    public mutating func takeChunks() -> [Chunk] {
        defer { chunks = [] }
        return chunks
    }

    private mutating func take(_ pages: [Page]) {
        for page in pages {
            if firstPages.count < DocumentTitle.pagesRead { firstPages.append(page) }
            append(chunker.add(page))
        }
    }

    private mutating func append(_ made: [Chunk]) {
        for var chunk in made {
            chunk.ordinal = nextOrdinal
            chunk.navigation = NavigationText.isNavigation(chunk.text)
            nextOrdinal += 1
            chunks.append(chunk)
        }
    }
}
