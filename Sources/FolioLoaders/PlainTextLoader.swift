public import FolioCore

/// Plain text in any common encoding (see `TextDecoding`). A form feed starts a new page,
/// as in text printed from other programs. Plain text has no title of its own: the
/// indexer takes its first line when that can be one (`DocumentTitle`).
///
/// Source code is read the same way, with its definitions as sections (`SourceCodeLoader`).
public struct PlainTextLoader: DocumentLoader {
    public let kind: DocumentKind

    public init(kind: DocumentKind = .text) {
        self.kind = kind
    }

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let text = try TextDecoding.decode(file)
        let pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).enumerated().map { index, page in
            Page(number: index + 1, lines: TextDecoding.lines(of: page).map { TextLine(String($0)) })
        }
        return LoadedDocument(kind: kind, title: nil, pages: pages)
    }
}
