public import FolioCore

/// Source code and structured text, read as plain text (`PlainTextLoader`), each line with
/// the large definition it is in as its section (`CodeSections`), and the innermost one,
/// however small, as its definition, where tree-sitter has a parser for the language
/// (`CodeParsers`, `CodeLanguage`): a hit says `Parser.parseConfig, line 42`, and a chunk
/// keeps to one large function. Without the parsers, or when the parse fails, the lines
/// have neither and a hit says its line alone.
public struct SourceCodeLoader: DocumentLoader {
    public let kind = DocumentKind.code
    /// Asked at the first file read, not when the loader is made: a process that reads no
    /// code never loads the library.
    let parsers: @Sendable () -> CodeParsers?
    /// The fewest words a definition has to be a section of its own (`CodeSections`).
    public let minimumWords: Int

    /// With the parsers installed for every user or this one, when there are. By default a
    /// definition is a section from a chunk's worth of words of the default chunking.
    public init(minimumWords: Int = FolioConfiguration.default.chunking.maxTokensPerChunk) {
        parsers = { try? CodeParsers.installed.get() }
        self.minimumWords = minimumWords
    }

    /// With `parsers`, or none: code read as plain text.
    public init(parsers: CodeParsers?, minimumWords: Int) {
        self.parsers = { parsers }
        self.minimumWords = minimumWords
    }

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let text = try TextDecoding.decode(file)
        // A form feed starts a new page, as in plain text; its line goes on, for the parser.
        var lines: [(page: Int, line: CodeSections.Line)] = []
        for (index, page) in text.split(separator: "\u{0C}", omittingEmptySubsequences: false).enumerated() {
            for line in TextDecoding.lines(of: page) {
                let start = text.utf8.distance(from: text.utf8.startIndex, to: line.startIndex)
                lines.append((index + 1, CodeSections.Line(start: start, text: line)))
            }
        }
        let language = AbsolutePath.fileExtension(file.path).flatMap(CodeLanguage.init(fileExtension:))
        let definitions = language.flatMap { parsers()?.definitions(of: text, as: $0) } ?? []
        let fileLines = lines.map(\.line)
        let sections = language.map { CodeSections.of(fileLines, in: text.utf8, definitions: definitions, language: $0, minimumWords: minimumWords) }
        let innermost = language.map { CodeSections.innermost(fileLines, definitions: definitions, language: $0) }
        var pages: [Page] = []
        for (index, entry) in lines.enumerated() {
            if pages.last?.number != entry.page { pages.append(Page(number: entry.page, lines: [])) }
            pages[pages.count - 1].lines.append(TextLine(String(entry.line.text), section: sections?[index], definition: innermost?[index]))
        }
        return LoadedDocument(kind: kind, title: nil, pages: pages)
    }
}
