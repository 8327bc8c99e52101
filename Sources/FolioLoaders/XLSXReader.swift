internal import FolioCore

/// The cells of a SpreadsheetML workbook (`.xlsx`): a page per sheet in the workbook's
/// order, the sheet's name its section, a line per row with ` | ` between the cells'
/// values: shared strings, inline strings, formulas' cached results, numbers as stored
/// (a date is its serial number: the cell's format is not applied), booleans as TRUE/FALSE.
///
/// Related documentation: ECMA-376 Part 1, §18 (SpreadsheetML).
struct XLSXReader {
    let package: OfficePackage
    let mainPart: String

    func read() throws(LoaderError) -> LoadedDocument {
        let relationships = try package.relationships(of: mainPart)
        let sheets = try package.listedParts(in: mainPart, element: "sheet", of: .sheet, relationships: relationships)
        var shared: [String] = []
        for part in relationships.targets(ofType: "/sharedStrings") where package.archive.contains(part) {
            shared = try package.readXML(part) { (reader) throws(ZipArchive.Failure) in try Self.sharedStrings(reader) }
        }
        var builder = PageBuilder()
        for sheet in sheets {
            builder.section = sheet.name.flatMap { $0.isEmpty ? nil : $0 }
            if package.archive.contains(sheet.part) {
                try package.readXML(sheet.part) { (reader) throws(ZipArchive.Failure) in try Self.rows(reader, shared: shared, into: &builder) }
            }
            builder.endPage()
        }
        let properties = package.properties()
        return LoadedDocument(kind: .spreadsheet, title: properties.title, pages: builder.finish(), fields: properties.fields)
    }

    /// The shared string table: each `si`'s text runs, without phonetic guides (`rPh`).
    private static func sharedStrings(_ reader: XMLStreamReader) throws(ZipArchive.Failure) -> [String] {
        var strings: [String] = []
        var current = ""
        var inText = false
        while let event = try reader.next() {
            switch event {
            case let .start(name) where name.family == .sheet:
                switch name.local {
                case "si": current = ""
                case "t": inText = true
                case "rPh": try reader.skip(name)
                default: continue
                }
            case let .end(name) where name.family == .sheet:
                if name.local == "t" { inText = false }
                if name.local == "si" { strings.append(current) }
            case let .text(text):
                if inText { current += text }
            default:
                continue
            }
        }
        return strings
    }

    /// A sheet's rows, a line each.
    private static func rows(_ reader: XMLStreamReader, shared: [String], into builder: inout PageBuilder) throws(ZipArchive.Failure) {
        var cells: [String] = []
        var type: String?
        var value = ""
        var collecting = false
        while let event = try reader.next() {
            switch event {
            case let .start(name) where name.family == .sheet:
                switch name.local {
                case "c":
                    type = reader.attribute("t")
                    value = ""
                case "v", "t": collecting = true
                case "f", "rPh", "extLst": try reader.skip(name)
                default: continue
                }
            case let .end(name) where name.family == .sheet:
                switch name.local {
                case "v", "t": collecting = false
                case "c":
                    let text = cellText(type: type, value: value, shared: shared).collapsingWhitespace()
                    if !text.isEmpty { cells.append(text) }
                case "row":
                    builder.add(cells.joined(separator: " | "))
                    cells = []
                default: continue
                }
            case let .text(text):
                if collecting { value += text }
            default:
                continue
            }
        }
    }

    private static func cellText(type: String?, value: String, shared: [String]) -> String {
        switch type {
        case "s":
            guard let index = Int(value.trimmingWhitespace()), shared.indices.contains(index) else { return "" }
            return shared[index]
        case "b":
            return value == "1" ? "TRUE" : "FALSE"
        default:
            return value
        }
    }
}
