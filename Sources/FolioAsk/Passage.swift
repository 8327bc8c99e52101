public import FolioCore

/// A piece of a document given to the model, numbered as the model cites it (`[n]`).
public struct Passage: Sendable, Equatable {
    /// From 1, in the order the passages are given.
    public var number: Int
    public var path: String
    public var title: String?
    public var kind: DocumentKind
    /// The chunk's position in its document, from 0.
    public var chunk: Int
    /// The pages the text given is on: one, or two when it runs over a page break.
    public var firstPage: Int
    public var lastPage: Int
    /// The printed label of `firstPage`, where the file has labels.
    public var pageLabel: String?
    public var section: String?
    /// What the model reads; `lastPageStarts` is where (in Unicode scalars) the text of
    /// `lastPage` begins, when there are two.
    public var text: String
    public var lastPageStarts: Int?
    /// Where the passage stood among the search's results, from 1.
    public var rank: Int

    public init(number: Int, path: String, title: String?, kind: DocumentKind, chunk: Int, firstPage: Int, lastPage: Int,
                pageLabel: String?, section: String?, text: String, lastPageStarts: Int?, rank: Int) {
        self.number = number
        self.path = path
        self.title = title
        self.kind = kind
        self.chunk = chunk
        self.firstPage = firstPage
        self.lastPage = lastPage
        self.pageLabel = pageLabel
        self.section = section
        self.text = text
        self.lastPageStarts = lastPageStarts
        self.rank = rank
    }

    public var pages: ClosedRange<Int> { firstPage...lastPage }

    /// Whether the document has pages worth citing (a PDF, a scan, a text with form feeds
    /// of more than one page).
    public var isPaged: Bool { kind == .pdf || kind == .image || lastPage > 1 || firstPage > 1 }

    /// "page 12", "pages 12–13", or nothing for a document without pages.
    public var pageDescription: String? {
        guard isPaged else { return nil }
        return firstPage == lastPage ? "page \(firstPage)" : "pages \(firstPage)–\(lastPage)"
    }

    /// The file's name, which is what the model is told (not the folders above it).
    public var fileName: String {
        String(AbsolutePath.lastComponent(path))
    }
}
