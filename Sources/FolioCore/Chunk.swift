/// A searchable piece of a document: a few hundred words that stay on one section, with
/// the pages they came from.
public struct Chunk: Sendable, Equatable {
    /// 0-based position in the document.
    public var ordinal: Int
    /// 1-based page the chunk starts on.
    public var firstPage: Int
    /// Page the chunk ends on; equal to `firstPage` unless it spans a page break.
    public var lastPage: Int
    public var section: String?
    public var text: String
    /// Offsets, in Unicode scalars, of the chunk's first and past-the-last scalar in the
    /// document's filtered text (pages joined by form feeds, lines by newlines).
    public var startOffset: Int
    public var endOffset: Int
    /// Where `lastPage` begins in `text`, in Unicode scalars, when the chunk spans two
    /// pages; `nil` otherwise. With it a match is placed on the right page.
    public var pageBreakOffset: Int?
    /// Whether the chunk is a contents page's, a list of figures' or an index's: text that
    /// points to other pages (`NavigationText`), ranked after text that matches as well.
    /// Set by the pipeline, whatever the chunker.
    public var navigation: Bool
    /// In source code, the line the chunk starts on; `nil` elsewhere.
    public var firstLine: Int?
    /// Words the chunk holds besides its text's own, searched but never shown: the parts of
    /// source code's camelCase names (`parseConfig`: `parse config`).
    public var terms: String?
    /// In source code, the definitions its lines are in where they are not its section (a
    /// small function's, within a large class's chunk): a line each, `N\tname`, from the
    /// chunk's line `N` (0 its first) on, the name empty where no definition is; `nil` when
    /// every line's is the section. What a hit's line is named by (`CodeLine`).
    public var outline: String?

    public init(ordinal: Int, firstPage: Int, lastPage: Int, section: String?, text: String, startOffset: Int, endOffset: Int,
                pageBreakOffset: Int? = nil, navigation: Bool = false, firstLine: Int? = nil, terms: String? = nil, outline: String? = nil) {
        self.ordinal = ordinal
        self.firstPage = firstPage
        self.lastPage = lastPage
        self.section = section
        self.text = text
        self.startOffset = startOffset
        self.endOffset = endOffset
        self.pageBreakOffset = pageBreakOffset
        self.navigation = navigation
        self.firstLine = firstLine
        self.terms = terms
        self.outline = outline
    }
}
