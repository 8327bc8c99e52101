internal import FolioCore

/// The text of a WordprocessingML document (`.docx`): the body's paragraphs, headings as
/// sections, tables a row per line with ` | ` between cells, text boxes, then the
/// footnotes, endnotes and comments.
///
/// Runs are joined as written, without spaces (Word splits words into runs wherever
/// formatting or an edit changes). Left out: tracked deletions (`w:delText`, and the old
/// place of moved text), field instructions, `mc:Fallback` (a copy of the text box before
/// it for older readers), headers and footers (repeated on every page).
///
/// Pages follow Word's own pagination when the file records it (`w:lastRenderedPageBreak`,
/// written by Word at each page it laid out), else the explicit page breaks; a document
/// with neither is one page.
///
/// Related documentation: ECMA-376 Part 1, §17 (WordprocessingML).
struct DOCXReader {
    let package: OfficePackage
    let mainPart: String

    func read() throws(LoaderError) -> LoadedDocument {
        let relationships = (try? OOXMLRelationships(archive: package.archive, part: mainPart)) ?? OOXMLRelationships()
        let stylesPart = relationships.targets(ofType: "/styles").first ?? "word/styles.xml"
        let headingStyles = package.archive.contains(stylesPart) ? try readHeadingStyles(stylesPart) : [:]
        var body = DOCXBody(headingStyles: headingStyles)
        try package.readXML(mainPart) { (reader) throws(ZipArchive.Failure) in try body.read(reader) }
        var builder = PageBuilder()
        body.build(into: &builder)
        for (type, section, note) in [("/footnotes", "Footnotes", "footnote"), ("/endnotes", "Endnotes", "endnote"), ("/comments", "Comments", "comment")] {
            for part in relationships.targets(ofType: type) where package.archive.contains(part) {
                var notes = DOCXBody(headingStyles: [:], noteElement: note)
                try package.readXML(part) { (reader) throws(ZipArchive.Failure) in try notes.read(reader) }
                builder.section = section
                notes.build(into: &builder)
            }
        }
        let properties = package.properties()
        return LoadedDocument(kind: .document, title: properties.title ?? body.firstTitle, pages: builder.finish(),
                              fields: properties.fields)
    }

    /// Paragraph styles that are headings, by style id, with their level (0 for "Title"):
    /// a style named "heading N" or carrying an outline level. Ids are the writer's choice
    /// (Word localises them: "berschrift1"); names are not.
    private func readHeadingStyles(_ part: String) throws(LoaderError) -> [String: Int] {
        try package.readXML(part) { (reader) throws(ZipArchive.Failure) -> [String: Int] in
            var levels: [String: Int] = [:]
            var styleID: String?
            while let event = try reader.next() {
                guard case let .start(name) = event, name.family == .word else {
                    if case let .end(name) = event, name.local == "style" { styleID = nil }
                    continue
                }
                switch name.local {
                case "style":
                    styleID = reader.attribute("type", in: OfficeNamespace.word) == "paragraph" ? reader.attribute("styleId", in: OfficeNamespace.word) : nil
                case "name":
                    guard let id = styleID, let value = reader.attribute("val", in: OfficeNamespace.word)?.lowercased() else { continue }
                    if value == "title" {
                        levels[id] = 0
                    } else if value.hasPrefix("heading "), let level = Int(value.dropFirst(8)), (1 ... 9).contains(level) {
                        levels[id] = level
                    }
                case "outlineLvl":
                    if let id = styleID, levels[id] == nil, let level = reader.attribute("val", in: OfficeNamespace.word).flatMap(Int.init), level < 9 {
                        levels[id] = level + 1
                    }
                default:
                    continue
                }
            }
            return levels
        }
    }
}

/// The walk through one WordprocessingML part (the body, footnotes, endnotes or comments),
/// gathering its lines and page breaks in order.
private struct DOCXBody {
    enum Item {
        case line(String, heading: Bool)
        case renderedBreak
        case explicitBreak
    }

    let headingStyles: [String: Int]
    /// In the notes parts, the element of one note (`footnote`), whose separators are skipped.
    var noteElement: String?
    private(set) var items: [Item] = []
    private(set) var firstTitle: String?
    private var paragraphs = ParagraphStack()
    private var table = TableRows()
    private var breaksAfterParagraph: [Item] = []
    /// Whether the paragraph being read has a title or level-1 heading style.
    private var titleCandidate = false

    init(headingStyles: [String: Int], noteElement: String? = nil) {
        self.headingStyles = headingStyles
        self.noteElement = noteElement
    }

    /// Elements whose whole content is left out.
    private static let skipped: Set<String> = ["delText", "del", "moveFrom", "instrText", "delInstrText"]

    mutating func read(_ reader: XMLStreamReader) throws(ZipArchive.Failure) {
        var inText = false
        while let event = try reader.next() {
            switch event {
            case let .start(name):
                guard name.family == .word else { continue }
                if Self.skipped.contains(name.local) {
                    try reader.skip(name)
                    continue
                }
                switch name.local {
                case "p": paragraphs.begin()
                case "t": inText = true
                case "tab", "ptab", "cr": paragraphs.append(" ")
                case "noBreakHyphen": paragraphs.append("-")
                case "br":
                    if reader.attribute("type", in: OfficeNamespace.word) == "page" {
                        pageBreak(.explicitBreak)
                    } else {
                        paragraphs.append(" ")
                    }
                case "lastRenderedPageBreak": pageBreak(.renderedBreak)
                case "pStyle":
                    if let style = reader.attribute("val", in: OfficeNamespace.word), let level = headingStyles[style] ?? Self.builtInHeading(style) {
                        paragraphs.markHeading()
                        if level <= 1 { titleCandidate = true }
                    }
                case "outlineLvl":
                    if let level = reader.attribute("val", in: OfficeNamespace.word).flatMap(Int.init), level < 9 { paragraphs.markHeading() }
                case "tbl": table.begin()
                case let element where element == noteElement:
                    if let type = reader.attribute("type", in: OfficeNamespace.word), type != "normal" { try reader.skip(name) }
                default: continue
                }
            case let .end(name):
                guard name.family == .word else { continue }
                switch name.local {
                case "t": inText = false
                case "p": endParagraph()
                case "tc": table.endCell()
                case "tr": if let row = table.endRow() { items.append(.line(row, heading: false)) }
                case "tbl": table.end()
                default: continue
                }
            case let .text(text):
                if inText { paragraphs.append(text) }
            }
        }
    }

    private mutating func endParagraph() {
        let lines = paragraphs.end()
        guard !lines.isEmpty else { return }
        for line in lines {
            if table.isOpen {
                table.addToCell(line.text)
            } else {
                items.append(.line(line.text, heading: line.heading))
            }
        }
        if titleCandidate, firstTitle == nil, let first = lines.first, first.heading {
            let title = first.text.collapsingWhitespace()
            if !title.isEmpty { firstTitle = title }
        }
        titleCandidate = false
        items += breaksAfterParagraph
        breaksAfterParagraph = []
    }

    /// A break inside a paragraph takes effect after it: the paragraph belongs to the page
    /// it starts on.
    private mutating func pageBreak(_ item: Item) {
        if paragraphs.isOpen {
            breaksAfterParagraph.append(item)
        } else {
            items.append(item)
        }
    }

    /// The heading styles of Word's English template, for a file without styles.xml.
    private static func builtInHeading(_ style: String) -> Int? {
        if style == "Title" { return 0 }
        guard style.hasPrefix("Heading"), let level = Int(style.dropFirst(7)), (1 ... 9).contains(level) else { return nil }
        return level
    }

    /// Adds the lines to `builder`, with Word's pagination when it was recorded.
    func build(into builder: inout PageBuilder) {
        let rendered = items.contains { if case .renderedBreak = $0 { true } else { false } }
        for item in items {
            switch item {
            case let .line(text, heading):
                if heading { builder.addHeading(text) } else { builder.add(text) }
            case .renderedBreak:
                if rendered { builder.endPage() }
            case .explicitBreak:
                if !rendered { builder.endPage() }
            }
        }
    }
}

/// The rows of a table being read, a line per row of the outermost table: the cells'
/// text joined by ` | `. A table inside a cell adds its text to that cell.
struct TableRows {
    private var depth = 0
    private var cells: [String] = []
    private var cell = ""

    var isOpen: Bool { depth > 0 }

    mutating func begin() {
        depth += 1
    }

    mutating func end() {
        depth = max(0, depth - 1)
    }

    mutating func addToCell(_ text: String) {
        cell += cell.isEmpty ? text : " " + text
    }

    mutating func endCell() {
        guard depth == 1 else { return addToCell("") }
        cells.append(cell.collapsingWhitespace())
        cell = ""
    }

    /// Ends a row; its line, or `nil` for a row of an inner table or a row without text.
    mutating func endRow() -> String? {
        guard depth == 1 else { return nil }
        defer { cells = [] }
        let line = cells.filter { !$0.isEmpty }.joined(separator: " | ")
        return line.isEmpty ? nil : line
    }
}
