import Foundation

/// Writes a text PDF of many pages for the tests (no tool needed): each page's lines in
/// Helvetica, top to bottom.
enum LongPDF {
    static func data(pages: [[String]]) -> Data {
        var body = "%PDF-1.4\n"
        var offsets: [Int] = []
        func object(_ text: String) {
            offsets.append(body.utf8.count)
            body += "\(offsets.count) 0 obj\n\(text)\nendobj\n"
        }
        let kids = pages.indices.map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        object("<< /Type /Catalog /Pages 2 0 R >>")
        object("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        for (index, lines) in pages.enumerated() {
            object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * index) 0 R >>")
            let step = 680 / max(lines.count - 1, 1)
            let text = lines.enumerated().map { "BT /F1 11 Tf 72 \(750 - $0.offset * step) Td (\($0.element)) Tj ET" }.joined(separator: "\n")
            object("<< /Length \(text.utf8.count) >>\nstream\n\(text)\nendstream")
        }
        let xref = body.utf8.count
        body += "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        body += offsets.map { String(repeating: "0", count: 10 - String($0).count) + "\($0) 00000 n \n" }.joined()
        body += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(body.utf8)
    }
}
