internal import FolioCore

/// Collects the lines the office and e-book readers find into pages: each line under the
/// section in force, white space collapsed, empty lines dropped. A page is ended by the
/// reader (a sheet, a slide, a rendered page break); pages are numbered in the order they
/// end, so slide 5 is page 5 even when slide 4 holds no text.
struct PageBuilder {
    private(set) var pages: [Page] = []
    private var lines: [TextLine] = []
    /// The heading the next lines fall under.
    var section: String?

    /// Adds a line of text, collapsed; nothing when it is empty.
    mutating func add(_ text: String) {
        let line = text.collapsingWhitespace()
        if !line.isEmpty { lines.append(TextLine(line, section: section)) }
    }

    /// Adds a heading: it becomes the section of itself and the lines after it.
    mutating func addHeading(_ text: String) {
        let heading = text.collapsingWhitespace()
        guard !heading.isEmpty else { return }
        section = heading
        lines.append(TextLine(heading, section: heading))
    }

    /// Whether the page being built holds any line yet.
    var pageIsEmpty: Bool { lines.isEmpty }

    /// Ends the page being built.
    mutating func endPage(label: String? = nil) {
        pages.append(Page(number: pages.count + 1, label: label, lines: lines))
        lines = []
    }

    /// The pages, the one being built ended; a document without text is one empty page.
    mutating func finish() -> [Page] {
        if !lines.isEmpty || pages.isEmpty { endPage() }
        return pages
    }
}

/// The paragraphs of a word-processing body as they nest: a footnote, a comment or a text
/// box is a paragraph inside a paragraph. Its text becomes a line of its own, given after
/// the paragraph it sits in, so that neither is cut in two.
struct ParagraphStack {
    private var open: [Paragraph] = []
    /// Lines of inner paragraphs, waiting for the outermost one to end.
    private var deferred: [(text: String, heading: Bool)] = []

    struct Paragraph {
        var text = ""
        var heading = false
    }

    var isOpen: Bool { !open.isEmpty }

    mutating func begin() {
        open.append(Paragraph())
    }

    /// Adds text to the innermost open paragraph; outside a paragraph it is dropped.
    mutating func append(_ text: String) {
        guard !open.isEmpty else { return }
        open[open.count - 1].text += text
    }

    /// Marks the innermost paragraph as a heading.
    mutating func markHeading() {
        guard !open.isEmpty else { return }
        open[open.count - 1].heading = true
    }

    /// Ends the innermost paragraph; when it was the outermost, returns its line and the
    /// lines of the paragraphs inside it, in order, for the caller to add.
    mutating func end() -> [(text: String, heading: Bool)] {
        guard let paragraph = open.popLast() else { return [] }
        if !open.isEmpty {
            deferred.append((paragraph.text, false))
            return []
        }
        defer { deferred = [] }
        return [(paragraph.text, paragraph.heading)] + deferred
    }
}
