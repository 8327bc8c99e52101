public import Foundation

/// Writes a text PDF of many pages for the tests (no tool needed): each page's lines in
/// Helvetica, top to bottom. With `linksPerPage`, each page also has that many link
/// annotations, each to a named destination of the document's `/Dests` name tree, as
/// hyperref writes them. Pages are US letter unless `pageSize` (in points) says otherwise.
/// With `romanFrontPages`, the first pages are labelled i, ii… and the rest 1, 2… (a book's
/// front matter), so that a page's label is not its place in the file.
public enum LongPDF {
    public static func data(pages: [[String]], linksPerPage: Int = 0, pageSize: (width: Int, height: Int) = (612, 792),
                            romanFrontPages: Int = 0) -> Data {
        var pdf = PDFWriter()
        func object(_ dictionary: String, stream: String? = nil) {
            pdf.add(dictionary, stream: stream.map { Array($0.utf8) })
        }
        // Objects: 1 catalog, 2 page tree, 3 font, then each page and its contents, then
        // the destinations and the links.
        let destinations = 4 + 2 * pages.count
        let firstLink = destinations + 1
        let kids = pages.indices.map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        let labels = romanFrontPages > 0 ? " /PageLabels << /Nums [0 << /S /r >> \(romanFrontPages) << /S /D >>] >>" : ""
        object(linksPerPage > 0 ? "<< /Type /Catalog /Pages 2 0 R /Names << /Dests \(destinations) 0 R >>\(labels) >>"
                                : "<< /Type /Catalog /Pages 2 0 R\(labels) >>")
        object("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        for (index, lines) in pages.enumerated() {
            let links = (0..<linksPerPage).map { "\(firstLink + index * linksPerPage + $0) 0 R" }.joined(separator: " ")
            let annotations = linksPerPage > 0 ? " /Annots [\(links)]" : ""
            object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(pageSize.width) \(pageSize.height)] /Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * index) 0 R\(annotations) >>")
            let step = 680 / max(lines.count - 1, 1)
            let text = lines.enumerated().map { "BT /F1 11 Tf 72 \(750 - $0.offset * step) Td (\($0.element)) Tj ET" }.joined(separator: "\n")
            object("<< /Length \(text.utf8.count) >>", stream: text)
        }
        if linksPerPage > 0 {
            let count = pages.count * linksPerPage
            let names = (0..<count).map { "(target\(String(format: "%06d", $0))) [\(4 + 2 * ($0 % pages.count)) 0 R /Fit]" }
            object("<< /Names [\(names.joined(separator: " "))] >>")
            for link in 0..<count {
                object("<< /Type /Annot /Subtype /Link /Rect [72 \(link % 700) 200 \(link % 700 + 10)] /Border [0 0 0] /A << /S /GoTo /D (target\(String(format: "%06d", link))) >> >>")
            }
        }
        return pdf.data
    }
}
