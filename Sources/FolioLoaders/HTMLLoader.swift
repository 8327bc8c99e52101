public import FolioCore
internal import CLibXML2

/// HTML through libxml2's HTML parser, which recovers from broken markup as browsers do.
///
/// Kept: the visible text, with block elements as line breaks and table cells separated
/// by ` | `; entities decoded. Dropped: scripts, styles, templates, `<noscript>`, embedded
/// objects, navigation (`<nav>`, `role="navigation"`) and `hidden` elements. Headings are
/// the sections of the lines under them. The title is `<title>`, else the first `<h1>`.
///
/// The tree is walked without recursion, so deeply nested markup cannot exhaust the stack.
///
/// Related documentation: <https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-HTMLparser.html>
public struct HTMLLoader: Loader {
    public var kind: DocumentKind { .html }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let text = try TextDecoding.decode(file)
        _ = Self.initialised
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
        guard let context = htmlNewParserCtxt() else {
            throw .malformed(path: file.path, kind: .html, reason: "libxml2 could not start a parser (out of memory)")
        }
        defer { htmlFreeParserCtxt(context) }
        var utf8 = text
        let document = utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                htmlCtxtReadMemory(context, $0.baseAddress, Int32(clamping: $0.count), nil, "UTF-8", options)
            }
        }
        guard let document else {
            throw .malformed(path: file.path, kind: .html, reason: "libxml2 could not parse it")
        }
        defer { xmlFreeDoc(document) }
        var walker = HTMLWalker()
        if let root = xmlDocGetRootElement(document) { walker.walk(root) }
        let title = walker.title ?? walker.firstTopHeading
        // libxml2 halts (and says so only here) at markup nested deeper than 256 elements,
        // a limit that keeps hostile files cheap: what came before is kept, and the
        // document is marked partial rather than silently shortened.
        let halted = context.pointee.disableSAX != 0
        return LoadedDocument(kind: .html, title: title, pages: [Page(number: 1, lines: walker.lines)],
                              problems: halted ? ["\(file.path): the markup is nested too deeply; the text after that point was not read"] : [])
    }

    /// libxml2 must be initialised once, before threads use it.
    private static let initialised: Void = xmlInitParser()
}

/// Walks an HTML tree and gathers its visible text as lines.
private struct HTMLWalker {
    var lines: [TextLine] = []
    var title: String?
    var firstTopHeading: String?
    private var section: String?
    private var buffer = ""
    private var preformatted = 0
    private var headingLevel: Int?

    private static let skipped: Set<String> = [
        "script", "style", "template", "noscript", "iframe", "object", "embed", "svg", "canvas", "nav", "select", "datalist",
    ]
    private static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "dialog", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "header", "hgroup", "hr", "html", "legend", "li", "main",
        "menu", "ol", "p", "pre", "section", "summary", "table", "tbody", "tfoot", "thead", "tr", "ul", "br", "center",
    ]
    private static let headings: [String: Int] = ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6]

    mutating func walk(_ root: UnsafeMutablePointer<xmlNode>) {
        var node: UnsafeMutablePointer<xmlNode>? = root
        while let current = node {
            if enter(current), let child = current.pointee.children {
                node = child
                continue
            }
            // Leave this node and every ancestor that has no next sibling.
            var climbing: UnsafeMutablePointer<xmlNode>? = current
            node = nil
            while let leaving = climbing {
                leave(leaving)
                if leaving == root { break }
                if let next = leaving.pointee.next {
                    node = next
                    break
                }
                climbing = leaving.pointee.parent
            }
        }
        flush()
    }

    /// Handles the start of a node; returns whether to descend into its children.
    private mutating func enter(_ node: UnsafeMutablePointer<xmlNode>) -> Bool {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            if let content = node.pointee.content { buffer += String(cString: content) }
            return false
        case XML_ELEMENT_NODE:
            let name = Self.name(of: node)
            if name == "head" {
                title = Self.title(inHead: node)
                return false
            }
            if Self.skipped.contains(name) || Self.isHidden(node) { return false }
            if let level = Self.headings[name] {
                flush()
                headingLevel = level
            } else if Self.blocks.contains(name) {
                flush()
            }
            if name == "pre" { preformatted += 1 }
            return true
        default:
            return false
        }
    }

    private mutating func leave(_ node: UnsafeMutablePointer<xmlNode>) {
        guard node.pointee.type == XML_ELEMENT_NODE else { return }
        let name = Self.name(of: node)
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
            if name == "pre" { flushPreformatted() ; preformatted -= 1 } else { flush() }
        }
    }

    /// Ends the current line: white space collapsed, trailing cell separators dropped.
    private mutating func flush() {
        guard headingLevel == nil else { return }
        if preformatted > 0 { return flushPreformatted() }
        var text = buffer.collapsingWhitespace()
        while text.hasSuffix(" |") { text = text.dropLast(2).collapsingWhitespace() }
        while text.hasPrefix("| ") { text = text.dropFirst(2).collapsingWhitespace() }
        buffer = ""
        if !text.isEmpty { lines.append(TextLine(text, section: section)) }
    }

    /// Ends a `<pre>` block, keeping its own line breaks.
    private mutating func flushPreformatted() {
        for line in buffer.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
            lines.append(TextLine(line.trimmingWhitespace(), section: section))
        }
        buffer = ""
    }

    private static func name(of node: UnsafeMutablePointer<xmlNode>) -> String {
        node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
    }

    /// The text of the first `<title>` among the head's children.
    private static func title(inHead head: UnsafeMutablePointer<xmlNode>) -> String? {
        var child = head.pointee.children
        while let element = child {
            if element.pointee.type == XML_ELEMENT_NODE, name(of: element) == "title" {
                let text = textContent(of: element).collapsingWhitespace()
                return text.isEmpty ? nil : text
            }
            child = element.pointee.next
        }
        return nil
    }

    private static func textContent(of element: UnsafeMutablePointer<xmlNode>) -> String {
        var text = ""
        var child = element.pointee.children
        while let node = child {
            if node.pointee.type == XML_TEXT_NODE, let content = node.pointee.content { text += String(cString: content) }
            child = node.pointee.next
        }
        return text
    }

    /// `hidden`, `aria-hidden="true"` or `role="navigation"`: not shown as page content.
    private static func isHidden(_ node: UnsafeMutablePointer<xmlNode>) -> Bool {
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
            let value = current.pointee.children?.pointee.content.map { String(cString: $0).lowercased() } ?? ""
            if name == "hidden" || (name == "aria-hidden" && value == "true") || (name == "role" && value == "navigation") {
                return true
            }
            attribute = current.pointee.next
        }
        return false
    }
}
