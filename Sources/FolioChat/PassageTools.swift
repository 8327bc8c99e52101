public import FolioAsk
public import FolioCore

/// What finds passages for a model that calls tools (`ToolTurn`): Folio's `search` and
/// `read` (FolioTools' `FolioToolbox`, the same as `folio mcp`'s), told to the model by
/// `specs`. A call's error is what the model is answered with.
public protocol PassageTools: Sendable {
    var specs: [ToolSpec] { get }
    /// The passages the call `name` with `arguments` finds, at most `limit`, and a note
    /// (nothing found, or why there is nothing to search); an error says what was wrong
    /// with the call, in words the model reads.
    func passages(_ name: String, arguments: [String: JSONValue]?, limit: Int) throws -> (passages: [FoundPassage], note: String?)
}

/// A passage a tool handed over whole, with what a citation's check needs: where it is and
/// its text (`lastPageStarts`: where, in Unicode scalars, the text of its second page
/// begins, when it runs over two).
public struct FoundPassage: Sendable, Equatable {
    public init(path: String, title: String?, kind: DocumentKind, chunk: Int, firstPage: Int, lastPage: Int, pageLabel: String?, section: String?,
                text: String, lastPageStarts: Int?) {
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
    }

    public var path: String
    public var title: String?
    public var kind: DocumentKind
    public var chunk: Int
    public var firstPage: Int
    public var lastPage: Int
    public var pageLabel: String?
    public var section: String?
    public var text: String
    public var lastPageStarts: Int?
}

