internal import FolioCore

/// Gathers the visible text of an HTML page as lines, from libxml2's stream of elements.
/// libxml2 closes what the markup leaves open, so every start has its end.
final class HTMLTextCollector {
    var lines: [TextLine] = []
    var title: String?
    /// Elements whose `id` starts a printed page (an e-book's page list), with the page's
    /// label; where one starts, the line being read ends.
    var pageMarkers: [String: String] = [:]
    /// Where the marked pages start: the index of their first line, and their label.
    private(set) var pageStarts: [(line: Int, label: String)] = []

    var firstTopHeading: String?
    /// The heading the next lines fall under; set before reading, it is the section of
    /// the lines before the first heading (an e-book chapter's name from its contents).
    var section: String?
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

    /// An element starts; `hidden` when its attributes hide it (`isHidden`), `id` its `id`.
    func start(_ rawName: String, hidden: Bool, id: String?) {
        if skippedDepth > 0 {
            skippedDepth += 1
            return
        }
        let name = rawName.lowercased()
        if let id, let label = pageMarkers[id] {
            flush()
            pageStarts.append((lines.count, label))
        }
        if headDepth > 0 {
            headDepth += 1
            if headDepth == 2, name == "title", title == nil, titleText == nil { titleText = "" }
            return
        }
        if name == "head" {
            headDepth = 1
            return
        }
        if Self.skipped.contains(name) || hidden {
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

    func end(_ rawName: String) {
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        let name = rawName.lowercased()
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

    func characters(_ text: String) {
        guard skippedDepth == 0 else { return }
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

    /// Whether an attribute hides its element from the page: `hidden`,
    /// `aria-hidden="true"` or `role="navigation"`. `name` is lower case.
    static func isHidden(attribute name: String, value: String) -> Bool {
        name == "hidden" || (name == "aria-hidden" && value.lowercased() == "true") || (name == "role" && value.lowercased() == "navigation")
    }
}
