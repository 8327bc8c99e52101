internal import FolioCore

/// The text of an OpenDocument file's `content.xml`, for all three kinds it holds:
/// - text (`.odt`): paragraphs and headings (`text:h`, the sections), tables a row per line,
///   footnotes, comments and text boxes after the paragraph they sit in; pages at the page
///   breaks LibreOffice records as it lays the text out (`text:soft-page-break`), else one;
/// - spreadsheet (`.ods`): a page per sheet, its name the section, a line per row with
///   ` | ` between cells; a repeated cell or row counts once;
/// - presentation (`.odp`): a page per slide (`draw:page`, in the presentation's order),
///   the slide's title frame its section, then its speaker notes.
///
/// Left out: tracked changes (deleted text), index templates, the note's number, a
/// comment's author and date, and shapes' alt text.
///
/// Related documentation: OpenDocument 1.3, Part 3 (schema), §5 (text), §9 (tables), §10 (drawing).
struct ODFReader {
    let package: OfficePackage

    func read(as kind: DocumentKind) throws(LoaderError) -> LoadedDocument {
        var content = ODFContent()
        try package.readXML("content.xml") { (reader) throws(ZipArchive.Failure) in try content.read(reader) }
        let expected: String = switch kind {
        case .spreadsheet: "spreadsheet"
        case .presentation: "presentation"
        default: "text"
        }
        if let body = content.body, body != expected, !(kind == .presentation && body == "drawing") {
            throw .malformed(path: package.file.path, kind: kind, reason: "it holds an OpenDocument \(body), not a \(expected)")
        }
        let properties = package.properties()
        return LoadedDocument(kind: kind, title: properties.title ?? content.firstHeading, pages: content.builder.finish(),
                              fields: properties.fields)
    }
}

/// The walk through `content.xml`.
private struct ODFContent {
    var builder = PageBuilder()
    /// `text`, `spreadsheet`, `presentation` or `drawing`: the `office:` element of the body.
    private(set) var body: String?
    private(set) var firstHeading: String?
    private var paragraphs = ParagraphStack()
    private var table = TableRows()
    /// Page breaks met inside the paragraph being read: the page ends after it.
    private var softBreaks = 0
    /// The slide being read: its lines, and its title once its title frame is read.
    private var slide: (lines: [String], title: String?)?
    /// The frames open on the slide, and whether each is the title's.
    private var frames: [Bool] = []

    /// Elements whose whole content is left out.
    private static func isSkipped(_ name: XMLName) -> Bool {
        switch (name.family, name.local) {
        case (.odfText, "tracked-changes"), (.odfText, "deletion"), (.odfText, "note-citation"), (.odfText, "table-of-content-source"),
             (.odfText, "alphabetical-index-source"), (.odfText, "illustration-index-source"), (.odfText, "sequence-decls"),
             (.odfOffice, "forms"), (.dublinCore, "creator"), (.dublinCore, "date"), (.svg, "title"), (.svg, "desc"):
            true
        default:
            false
        }
    }

    mutating func read(_ reader: XMLStreamReader) throws(ZipArchive.Failure) {
        while let event = try reader.next() {
            switch event {
            case let .start(name):
                if Self.isSkipped(name) {
                    try reader.skip(name)
                    continue
                }
                start(name, reader)
            case let .end(name):
                end(name)
            case let .text(text):
                paragraphs.append(text)
            }
        }
    }

    private mutating func start(_ name: XMLName, _ reader: XMLStreamReader) {
        switch (name.family, name.local) {
        case (.odfOffice, "text"), (.odfOffice, "spreadsheet"), (.odfOffice, "presentation"),
             (.odfOffice, "drawing"):
            body = body ?? name.local
        case (.odfText, "p"):
            paragraphs.begin()
        case (.odfText, "h"):
            paragraphs.begin()
            paragraphs.markHeading()
        case (.odfText, "s"):
            paragraphs.append(" ")
        case (.odfText, "tab"), (.odfText, "line-break"):
            paragraphs.append(" ")
        case (.odfText, "soft-page-break"):
            guard body == "text" else { return }
            if paragraphs.isOpen {
                softBreaks += 1
            } else if !builder.pageIsEmpty {
                builder.endPage()
            }
        case (.odfTable, "table"):
            if body == "spreadsheet", !table.isOpen { builder.section = reader.attribute("name", namespace: OfficeNamespace.table) }
            table.begin()
        case (.odfDraw, "page"):
            slide = ([], nil)
        case (.odfDraw, "frame"):
            frames.append(reader.attribute("class", namespace: OfficeNamespace.odfPresentation) == "title")
        default:
            return
        }
    }

    private mutating func end(_ name: XMLName) {
        switch (name.family, name.local) {
        case (.odfText, "p"), (.odfText, "h"):
            endParagraph()
        case (.odfTable, "table-cell"):
            table.endCell()
        case (.odfTable, "table-row"):
            if let row = table.endRow() { addLine(row, heading: false) }
        case (.odfTable, "table"):
            table.end()
            if body == "spreadsheet", !table.isOpen {
                builder.endPage()
                builder.section = nil
            }
        case (.odfDraw, "frame"):
            _ = frames.popLast()
        case (.odfDraw, "page"):
            guard let current = slide else { return }
            builder.section = current.title
            current.lines.forEach { builder.add($0) }
            builder.endPage()
            builder.section = nil
            slide = nil
        default:
            return
        }
    }

    private mutating func endParagraph() {
        for line in paragraphs.end() {
            if table.isOpen {
                table.addToCell(line.text)
            } else {
                addLine(line.text, heading: line.heading)
            }
        }
        if !paragraphs.isOpen, softBreaks > 0 {
            if !builder.pageIsEmpty { builder.endPage() }
            softBreaks = 0
        }
    }

    private mutating func addLine(_ text: String, heading: Bool) {
        if slide != nil {
            let line = text.collapsingWhitespace()
            guard !line.isEmpty else { return }
            if frames.last == true, slide?.title == nil { slide?.title = line }
            slide?.lines.append(line)
        } else if heading {
            builder.addHeading(text)
            if firstHeading == nil { firstHeading = builder.section }
        } else {
            builder.add(text)
        }
    }
}
