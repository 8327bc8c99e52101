public import FolioCore
internal import CLibXML2

/// HTML through libxml2's HTML parser, which recovers from broken markup as browsers do.
///
/// Kept: the visible text, with block elements as line breaks and table cells separated
/// by ` | `; entities decoded. Dropped: scripts, styles, templates, `<noscript>`, embedded
/// objects, navigation (`<nav>`, `role="navigation"`) and `hidden` elements. Headings are
/// the sections of the lines under them. The title is `<title>`, else the first `<h1>`.
///
/// The page is read as a stream of elements (libxml2's SAX interface), never built as a
/// tree: memory stays with the text, and markup nested however deep is read whole.
///
/// Related documentation: <https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-HTMLparser.html>
public struct HTMLLoader: DocumentLoader {
    public var kind: DocumentKind { .html }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        var text = try TextDecoding.decode(file)
        _ = Self.initialised
        let collector = HTMLTextCollector()
        var handler = htmlSAXHandler()
        handler.startElement = { context, name, attributes in HTMLTextCollector.from(context).start(name, attributes) }
        handler.endElement = { context, name in HTMLTextCollector.from(context).end(name) }
        handler.characters = { context, characters, length in HTMLTextCollector.from(context).characters(characters, length) }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        let user = Unmanaged.passUnretained(collector).toOpaque()
        guard let context = htmlCreatePushParserCtxt(&handler, user, nil, 0, nil, XML_CHAR_ENCODING_UTF8) else {
            throw .malformed(path: file.path, kind: .html, reason: "libxml2 could not start a parser (out of memory)")
        }
        defer { htmlFreeParserCtxt(context) }
        // The text is decoded already: a <meta charset> must not make libxml2 decode it again.
        _ = htmlCtxtUseOptions(context, Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue))
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                var offset = 0
                while offset < characters.count {
                    let length = min(Self.chunkBytes, characters.count - offset)
                    _ = htmlParseChunk(context, characters.baseAddress! + offset, Int32(length), 0)
                    offset += length
                }
            }
        }
        _ = htmlParseChunk(context, nil, 0, 1)
        collector.finish()
        return LoadedDocument(kind: .html, title: collector.title ?? collector.firstTopHeading,
                              pages: [Page(number: 1, lines: collector.lines)])
    }

    /// What libxml2 is given at a time. Parsed as a stream, a page is never held as a tree:
    /// the tree of a 2.5 MB page took 40 MiB.
    private static let chunkBytes = 256 << 10

    /// libxml2 must be initialised once, before threads use it.
    private static let initialised: Void = xmlInitParser()
}

/// Gathers the visible text of an HTML page as lines, from libxml2's stream of elements.
/// libxml2 closes what the markup leaves open, so every start has its end.
private final class HTMLTextCollector {
    var lines: [TextLine] = []
    var title: String?
    var firstTopHeading: String?
    private var section: String?
    private var buffer = ""
    private var preformatted = 0
    private var headingLevel: Int?
    /// Elements open inside a skipped one (a script, a hidden element…), itself included.
    private var skippedDepth = 0
    /// Elements open inside `<head>`, itself included: only its first `<title>` is read.
    private var headDepth = 0
    private var titleText: String?

    private static let skipped: Set<String> = [
        "script", "style", "template", "noscript", "iframe", "object", "embed", "svg", "canvas", "nav", "select", "datalist",
    ]
    private static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "dialog", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "header", "hgroup", "hr", "html", "legend", "li", "main",
        "menu", "ol", "p", "pre", "section", "summary", "table", "tbody", "tfoot", "thead", "tr", "ul", "br", "center",
    ]
    private static let headings: [String: Int] = ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6]

    static func from(_ context: UnsafeMutableRawPointer?) -> HTMLTextCollector {
        Unmanaged<HTMLTextCollector>.fromOpaque(context!).takeUnretainedValue()
    }

    func start(_ rawName: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        if skippedDepth > 0 {
            skippedDepth += 1
            return
        }
        let name = Self.string(rawName).lowercased()
        if headDepth > 0 {
            headDepth += 1
            if headDepth == 2, name == "title", title == nil, titleText == nil { titleText = "" }
            return
        }
        if name == "head" {
            headDepth = 1
            return
        }
        if Self.skipped.contains(name) || Self.isHidden(attributes) {
            skippedDepth = 1
            return
        }
        if let level = Self.headings[name] {
            flush()
            headingLevel = level
        } else if Self.blocks.contains(name) {
            flush()
        }
        if name == "pre" { preformatted += 1 }
    }

    func end(_ rawName: UnsafePointer<xmlChar>?) {
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        let name = Self.string(rawName).lowercased()
        if headDepth > 0 {
            if headDepth == 2, name == "title", let text = titleText {
                let collapsed = text.collapsingWhitespace()
                title = collapsed.isEmpty ? nil : collapsed
                titleText = nil
            }
            headDepth -= 1
            return
        }
        if let level = Self.headings[name], headingLevel != nil {
            let text = buffer.collapsingWhitespace()
            buffer = ""
            headingLevel = nil
            if !text.isEmpty {
                section = text
                if level == 1, firstTopHeading == nil { firstTopHeading = text }
                lines.append(TextLine(text, section: section))
            }
        } else if name == "td" || name == "th" {
            buffer += " | "
        } else if Self.blocks.contains(name) {
            if name == "pre" {
                flushPreformatted()
                preformatted -= 1
            } else {
                flush()
            }
        }
    }

    func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard skippedDepth == 0, let characters, length > 0 else { return }
        let text = String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
        if headDepth > 0 {
            if headDepth == 2 { titleText? += text }
            return
        }
        buffer += text
    }

    /// Ends the text: what is left in the buffer is the last line.
    func finish() {
        flush()
    }

    /// Ends the current line: white space collapsed, trailing cell separators dropped.
    private func flush() {
        guard headingLevel == nil else { return }
        if preformatted > 0 { return flushPreformatted() }
        var text = buffer.collapsingWhitespace()
        while text.hasSuffix(" |") { text = text.dropLast(2).collapsingWhitespace() }
        while text.hasPrefix("| ") { text = text.dropFirst(2).collapsingWhitespace() }
        buffer = ""
        if !text.isEmpty { lines.append(TextLine(text, section: section)) }
    }

    /// Ends a `<pre>` block, keeping its own line breaks.
    private func flushPreformatted() {
        for line in buffer.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
            lines.append(TextLine(line.trimmingWhitespace(), section: section))
        }
        buffer = ""
    }

    private static func string(_ characters: UnsafePointer<xmlChar>?) -> String {
        characters.map { String(cString: $0) } ?? ""
    }

    /// `hidden`, `aria-hidden="true"` or `role="navigation"`: not shown as page content.
    /// `attributes` holds names and values in turn, up to a null name.
    private static func isHidden(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> Bool {
        guard var pair = attributes else { return false }
        while let rawName = pair[0] {
            let name = String(cString: rawName).lowercased()
            let value = string(pair[1]).lowercased()
            if name == "hidden" || (name == "aria-hidden" && value == "true") || (name == "role" && value == "navigation") {
                return true
            }
            pair += 2
        }
        return false
    }
}
