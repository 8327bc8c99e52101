public import FolioCore
internal import CCmarkGFM

/// Markdown through cmark-gfm, the CommonMark reference parser with GitHub's extensions
/// (tables, strikethrough, autolinks, task lists, footnotes).
///
/// Kept: the text of paragraphs, headings, list items, table rows and code blocks, and the
/// text of links and images' alt text. Dropped: URLs, markup and raw HTML. Each heading
/// is the section of the lines under it. The title is front matter's `title`, else the
/// first level-1 heading.
///
/// The tree is walked with cmark's iterator, not recursion, so deeply nested lists cannot
/// exhaust the stack.
///
/// Related documentation: <https://github.com/github/cmark-gfm/blob/master/src/cmark-gfm.h>
public struct MarkdownLoader: DocumentLoader {
    public var kind: DocumentKind { .markdown }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let text = try TextDecoding.decode(file)
        let (frontMatterTitle, body) = FrontMatter.split(text)
        var collector = MarkdownCollector()
        Self.parse(body) { collector.visit($0, entering: $1) }
        let title = frontMatterTitle ?? collector.firstTopHeading
        return LoadedDocument(kind: .markdown, title: title, pages: [Page(number: 1, lines: collector.lines)])
    }

    /// The extensions, registered once per process. cmark keeps them in a global list and
    /// only reads them after registration, so sharing the pointers between threads is safe.
    nonisolated(unsafe) private static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        var found: [OpaquePointer] = []
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let syntax = cmark_find_syntax_extension(name) { found.append(syntax) }
        }
        return found
    }()

    /// Parses `markdown` and calls `visit` for every node of the tree, entering and leaving.
    private static func parse(_ markdown: String, visit: (OpaquePointer, Bool) -> Void) {
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES) else { return }
        defer { cmark_parser_free(parser) }
        for syntax in extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        var markdown = markdown
        markdown.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let document = cmark_parser_finish(parser) else { return }
        defer { cmark_node_free(document) }
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            visit(node, event == CMARK_EVENT_ENTER)
        }
    }
}

/// Gathers lines from cmark's events: inline text is collected while inside a paragraph,
/// heading or table row and becomes a line when that block ends.
private struct MarkdownCollector {
    var lines: [TextLine] = []
    var firstTopHeading: String?
    private var section: String?
    private var buffer = ""
    /// Depth of the inline containers entered; text is collected when it is above zero.
    private var collecting = 0

    mutating func visit(_ node: OpaquePointer, entering: Bool) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            container(entering: entering, heading: type == CMARK_NODE_HEADING ? Int(cmark_node_get_heading_level(node)) : nil)
        case CMARK_NODE_TEXT, CMARK_NODE_CODE:
            if collecting > 0, let literal = cmark_node_get_literal(node) {
                buffer += String(cString: literal)
            }
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            if collecting > 0 { buffer += " " }
        case CMARK_NODE_CODE_BLOCK:
            if let literal = cmark_node_get_literal(node) {
                for line in String(cString: literal).split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
                    lines.append(TextLine(String(line), section: section))
                }
            }
        default:
            switch cmark_node_get_type_string(node).map({ String(cString: $0) }) {
            case "table_row", "table_header":
                container(entering: entering, heading: nil)
            case "table_cell" where !entering:
                buffer += " | "
            default:
                break
            }
        }
    }

    /// A paragraph, heading or table row starts or ends.
    private mutating func container(entering: Bool, heading level: Int?) {
        if entering {
            if collecting == 0 { buffer = "" }
            collecting += 1
            return
        }
        collecting -= 1
        guard collecting == 0 else { return }
        var text = buffer.trimmingWhitespace()
        while text.hasSuffix(" |") { text = String(text.dropLast(2)).trimmingWhitespace() }
        buffer = ""
        guard !text.isEmpty else { return }
        if let level {
            section = text
            if level == 1, firstTopHeading == nil { firstTopHeading = text }
        }
        lines.append(TextLine(text, section: section))
    }
}

/// YAML (`---`) or TOML (`+++`) front matter at the very start of a Markdown file, which
/// CommonMark would otherwise render as text.
enum FrontMatter {
    /// The front matter's title, if any, and the Markdown after the front matter.
    static func split(_ text: String) -> (title: String?, body: String) {
        let lines = TextDecoding.lines(of: Substring(text))
        guard let fence = lines.first.map({ $0.trimmingWhitespace() }), fence == "---" || fence == "+++" else { return (nil, text) }
        let closers: Set<String> = fence == "---" ? ["---", "..."] : ["+++"]
        guard let end = lines.dropFirst().firstIndex(where: { closers.contains($0.trimmingWhitespace()) }) else { return (nil, text) }
        let separator: Character = fence == "---" ? ":" : "="
        let found = lines[1..<end].lazy.compactMap { title(in: $0, separator: separator) }.first
        return (found, lines[(end + 1)...].joined(separator: "\n"))
    }

    /// The value of a top-level `title` key, unquoted.
    private static func title(in line: Substring, separator: Character) -> String? {
        guard line.hasPrefix("title"), let split = line.firstIndex(of: separator),
              line[line.index(line.startIndex, offsetBy: 5)..<split].allSatisfy(\.isWhitespace) else { return nil }
        var value = String(line[line.index(after: split)...]).trimmingWhitespace()
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
        }
        return value.isEmpty ? nil : value
    }
}
