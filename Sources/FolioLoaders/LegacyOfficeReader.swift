internal import FolioCore
internal import FolioSystem
internal import Glibc

/// The text of Office 97–2003 Word (`.doc`) and Excel (`.xls`) files, by catdoc's programs
/// (Debian's `catdoc` package): `catdoc` for Word, a line per paragraph and a page at each
/// hard page break; `xls2csv` for Excel, a page per sheet and a line per row with ` | `
/// between its cells, as `XLSXReader` gives them. Neither names the sheets, so there are
/// no sections; the title and author are read from the file's summary information
/// (`SummaryInformation`), which neither program reads.
///
/// They run as programs of their own, under `timeout` and with their output capped, as the
/// zip readers are against bombs (`InflateBudget`): a file that sends either into a loop
/// or a flood of text costs that file, and outlives no worker stopped meanwhile. PowerPoint
/// 97–2003 (`.ppt`) is read by `PPTReader`: the package's `catppt` gives no text for a
/// `.ppt` that LibreOffice wrote (docs/benchmarks.md, "Legacy Office files").
struct LegacyOfficeReader {
    let file: SourceFile
    /// The file's bytes, read to tell its format; the programs read the file themselves.
    let bytes: [UInt8]
    let format: CompoundFile
    /// The folders searched for the programs; `nil`: `PATH`'s.
    var searchPath: [String]? = nil

    /// The longest either program may take; a real file takes milliseconds.
    var timeLimitSeconds = 60

    func read() throws(LoaderError) -> LoadedDocument {
        let kind: DocumentKind = format == .legacyExcel ? .spreadsheet : .document
        let (program, options) = format == .legacyExcel
            ? ("xls2csv", ["-d", "utf-8", "-q", "0", "-c", "\t"])
            : ("catdoc", ["-w", "-d", "utf-8"])
        guard let located = ChildProcess.locate(program, in: searchPath) else {
            throw .readerMissing(path: file.path, format: format.name, program: program, package: "catdoc")
        }
        let limit = Int(min(InflateBudget.maximumBytes, max(InflateBudget.ratioFloor, Int64(bytes.count) * InflateBudget.maximumRatio)))
        let result: (status: Int32, output: [UInt8])
        do {
            result = try ChildProcess.run(["/usr/bin/timeout", "-s", "KILL", String(timeLimitSeconds), located] + options + [file.path],
                                          outputLimit: limit)
        } catch {
            throw .unreadable(path: file.path, reason: "\(program) could not be started: \(error)")
        }
        if result.output.count > limit {
            throw .malformed(path: file.path, kind: kind, reason: "\(program) gave more than \(limit >> 20) MiB of text; a bomb or a file too large to read")
        }
        guard result.status == 0 else {
            let why = (result.status >> 8) & 0xFF == 137 || result.status & 0x7F == SIGKILL
                ? "\(program) took longer than \(timeLimitSeconds) s"
                : "\(program) \(ChildProcess.describe(exitStatus: result.status))"
            throw .malformed(path: file.path, kind: kind, reason: why)
        }
        let text = String(decoding: result.output, as: UTF8.self)
        let properties = (try? CompoundFileStreams(bytes: bytes)).map(SummaryInformation.properties(in:)) ?? OfficePackage.Properties()
        return LoadedDocument(kind: kind, title: properties.title, pages: format == .legacyExcel ? Self.sheets(text) : Self.pages(text),
                              fields: properties.fields)
    }

    /// catdoc's text: a paragraph a line, a form feed at each page break.
    static func pages(_ text: String) -> [Page] {
        var builder = PageBuilder()
        for (index, page) in text.split(separator: "\u{0C}", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { builder.endPage() }
            for line in page.split(separator: "\n") { builder.add(String(line)) }
        }
        return builder.finish()
    }

    /// xls2csv's sheets, separated by form feeds, their rows a line each, cells by tabs:
    /// empty cells are left out of a row, as `XLSXReader` leaves them.
    static func sheets(_ text: String) -> [Page] {
        var builder = PageBuilder()
        var sheets = text.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        // The last sheet ends with a form feed too.
        if sheets.count > 1, sheets.last?.allSatisfy(\.isWhitespace) == true { sheets.removeLast() }
        for (index, sheet) in sheets.enumerated() {
            if index > 0 { builder.endPage() }
            for row in sheet.split(separator: "\n") {
                let cells = row.split(separator: "\t").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
                builder.add(cells.joined(separator: " | "))
            }
        }
        return builder.finish()
    }
}
