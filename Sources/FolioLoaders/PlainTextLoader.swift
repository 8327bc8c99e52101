public import FolioCore

/// Plain text in any common encoding (see `TextDecoding`). A form feed starts a new page,
/// as in text printed from other programs; the title is the first line when it is short
/// enough to be one.
public struct PlainTextLoader: Loader {
    public var kind: DocumentKind { .text }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let text = try TextDecoding.decode(file)
        let pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).enumerated().map { index, page in
            Page(number: index + 1, lines: TextDecoding.lines(of: page).map { TextLine(String($0)) })
        }
        let firstLine = pages.lazy.flatMap(\.lines).first { !$0.text.allSatisfy(\.isWhitespace) }?.text
        let title = firstLine.map { $0.trimmingWhitespace() }.flatMap { $0.count <= 100 ? $0 : nil }
        return LoadedDocument(kind: .text, title: title ?? file.stem, pages: pages)
    }
}
