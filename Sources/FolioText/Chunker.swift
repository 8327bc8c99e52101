public import FolioCore

/// Cuts a document's pages (running headers and footers already removed) into the chunks
/// the index holds: a chunk is what a search ranks and a hit shows.
///
/// Folio's own is `WordChunker`; a library user's type (a chunker by paragraph, say) takes
/// its place in `FolioEngine`. Whatever the chunker, the pipeline numbers the chunks in
/// the order they come (`ordinal` from 0), so a chunker need not.
public protocol Chunker: Sendable {
    /// The chunks of a whole document, in reading order.
    func chunks(of pages: [Page]) -> [Chunk]

    /// A stream fed the document one page at a time. The default holds every page and
    /// chunks them at the end; a chunker that can cut as pages arrive (`WordChunker`) gives
    /// its own, so that a document of thousands of pages is never held whole.
    func makeStream() -> any ChunkStream
}

extension Chunker {
    public func makeStream() -> any ChunkStream {
        WholeDocumentStream(chunker: self)
    }
}

/// A chunker's state while a document's pages arrive.
public protocol ChunkStream: Sendable {
    /// Takes the next page; returns the chunks it completed.
    mutating func add(_ page: Page) -> [Chunk]
    /// Returns the chunks still held, at the end of the document.
    mutating func finish() -> [Chunk]
}

/// The stream of a chunker that reads the document whole: holds the pages until the end.
struct WholeDocumentStream: ChunkStream {
    let chunker: any Chunker
    private var pages: [Page] = []

    init(chunker: any Chunker) {
        self.chunker = chunker
    }

    mutating func add(_ page: Page) -> [Chunk] {
        pages.append(page)
        return []
    }

    mutating func finish() -> [Chunk] {
        defer { pages = [] }
        return chunker.chunks(of: pages)
    }
}
