public import Foundation

/// Writes a PDF from numbered objects, with its cross-reference table and trailer, for
/// the tests' generated PDFs (`LongPDF`, and pages made of one image). Object 1 is the
/// catalog.
public struct PDFWriter {
    private var bytes = Array("%PDF-1.4\n".utf8)
    private var offsets: [Int] = []

    public init() {}

    /// Adds the next object (numbered from 1): `dictionary`, then `stream` if given.
    public mutating func add(_ dictionary: String, stream: [UInt8]? = nil) {
        offsets.append(bytes.count)
        bytes += Array("\(offsets.count) 0 obj\n\(dictionary)\n".utf8)
        if let stream { bytes += Array("stream\n".utf8) + stream + Array("\nendstream\n".utf8) }
        bytes += Array("endobj\n".utf8)
    }

    /// The whole file.
    public var data: Data {
        var file = bytes
        file += Array("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { file += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8) }
        file += Array("trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(bytes.count)\n%%EOF\n".utf8)
        return Data(file)
    }
}
