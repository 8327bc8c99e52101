internal import FolioCore

/// The slides of a PresentationML file (`.pptx`): a page per slide in the presentation's
/// order (its slide list, not the slide files' names), the slide's title its section, a
/// line per paragraph of each shape and per table row, then the slide's speaker notes.
///
/// Left out: slide numbers, dates, headers and footers (placeholders that repeat on
/// every slide) and what slide layouts and masters hold.
///
/// Related documentation: ECMA-376 Part 1, §19 (PresentationML), §21.1 (DrawingML text).
struct PPTXReader {
    let package: OfficePackage
    let mainPart: String

    func read() throws(LoaderError) -> LoadedDocument {
        let slides = try package.listedParts(in: mainPart, element: "sldId", of: .presentation,
                                             relationships: package.relationships(of: mainPart))
        var builder = PageBuilder()
        for (part, _) in slides {
            var slide = PPTXShapes()
            if package.archive.contains(part) {
                try package.readXML(part) { (reader) throws(ZipArchive.Failure) in try slide.read(reader) }
                let slideRelationships = (try? OOXMLRelationships(archive: package.archive, part: part)) ?? OOXMLRelationships()
                for notesPart in slideRelationships.targets(ofType: "/notesSlide") where package.archive.contains(notesPart) {
                    var notes = PPTXShapes()
                    try package.readXML(notesPart) { (reader) throws(ZipArchive.Failure) in try notes.read(reader) }
                    slide.lines += notes.lines
                }
            }
            builder.section = slide.title
            slide.lines.forEach { builder.add($0) }
            builder.endPage()
        }
        builder.section = nil
        let properties = package.properties()
        return LoadedDocument(kind: .presentation, title: properties.title, pages: builder.finish(), fields: properties.fields)
    }
}

/// The text of the shapes of one slide or notes page.
private struct PPTXShapes {
    var lines: [String] = []
    var title: String?
    /// The shapes open (groups nest them): whether each is the title, or a placeholder
    /// whose text is left out.
    private var shapes: [(title: Bool, skipped: Bool)] = []
    private var paragraph: String?
    private var inText = false
    private var table = TableRows()

    private static let skippedPlaceholders: Set<String> = ["sldNum", "dt", "ftr", "hdr", "sldImg"]

    mutating func read(_ reader: XMLStreamReader) throws(ZipArchive.Failure) {
        while let event = try reader.next() {
            switch event {
            case let .start(name):
                if name.family == .presentation {
                    if name.local == "sp" || name.local == "graphicFrame" { shapes.append((false, false)) }
                    if name.local == "ph", !shapes.isEmpty {
                        let type = reader.attribute("type") ?? "body"
                        shapes[shapes.count - 1] = (type == "title" || type == "ctrTitle", Self.skippedPlaceholders.contains(type))
                    }
                } else if name.family == .drawing {
                    switch name.local {
                    case "p": paragraph = ""
                    case "t": inText = true
                    case "br", "tab": paragraph? += " "
                    case "tbl": table.begin()
                    default: continue
                    }
                }
            case let .end(name):
                if name.family == .presentation, name.local == "sp" || name.local == "graphicFrame" {
                    _ = shapes.popLast()
                } else if name.family == .drawing {
                    switch name.local {
                    case "t": inText = false
                    case "p": endParagraph()
                    case "tc": table.endCell()
                    case "tr": if let row = table.endRow() { lines.append(row) }
                    case "tbl": table.end()
                    default: continue
                    }
                }
            case let .text(text):
                if inText { paragraph? += text }
            }
        }
    }

    private mutating func endParagraph() {
        defer { paragraph = nil }
        guard let text = paragraph?.collapsingWhitespace(), !text.isEmpty, shapes.last?.skipped != true else { return }
        if table.isOpen { return table.addToCell(text) }
        if shapes.last?.title == true {
            title = title.map { $0 + " " + text } ?? text
        }
        lines.append(text)
    }
}
