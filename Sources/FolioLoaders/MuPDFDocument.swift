internal import CMuPDF
internal import Glibc

/// A PDF read by MuPDF, through the C functions of `CMuPDF` that keep MuPDF's
/// setjmp/longjmp error handling out of Swift frames.
///
/// Related documentation: <https://mupdf.readthedocs.io/en/latest/using-mupdf.html>
final class MuPDFDocument: PDFDocument {
    let document: OpaquePointer
    let pageCount: Int
    private let labelRanges: [folio_mupdf_label_range]

    /// What MuPDF may hold for one document before its caches are dropped after a page:
    /// unbounded, a few large manuals took several times this; bounded here, they cost a
    /// few percent more instructions and every other PDF none (docs/benchmarks.md).
    static let memoryBudget = 32 << 20

    init(path: String, memoryBudget: Int = MuPDFDocument.memoryBudget) throws(PDFOpenError) {
        var status: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        guard let document = folio_mupdf_open(path, memoryBudget, &status, &error, error.count) else {
            if status == Int32(FOLIO_MUPDF_NEEDS_PASSWORD.rawValue) { throw .encrypted }
            throw .failed(String(cMessage: error))
        }
        self.document = document
        let count = folio_mupdf_page_count(document, &error, error.count)
        guard count >= 0 else {
            folio_mupdf_close(document)
            throw .failed(String(cMessage: error))
        }
        pageCount = Int(count)
        var ranges = [folio_mupdf_label_range](repeating: folio_mupdf_label_range(), count: 256)
        let found = folio_mupdf_page_label_ranges(document, &ranges, Int32(ranges.count))
        labelRanges = Array(ranges.prefix(Int(found))).sorted { $0.first_page < $1.first_page }
    }

    deinit {
        folio_mupdf_close(document)
    }

    /// The bytes MuPDF holds for this document now.
    var heldBytes: Int { folio_mupdf_held_bytes(document) }

    var title: String? {
        guard let value = folio_mupdf_metadata(document, "info:Title") else { return nil }
        defer { free(value) }
        return String(cString: value)
    }

    /// MuPDF 1.21 has no API for page labels: they are read from the catalog's
    /// /PageLabels by the C layer, and formatted here (PDF 1.7, 12.4.2).
    func label(ofPage index: Int) -> String? {
        guard var range = labelRanges.last(where: { Int($0.first_page) <= index }) else { return nil }
        let prefix = withUnsafeBytes(of: &range.prefix) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let number = Int(range.start) + index - Int(range.first_page)
        let label = prefix + PageLabelStyle.format(number, style: UInt8(bitPattern: range.style))
        return label == String(index + 1) ? nil : label
    }

    func text(ofPage index: Int) throws(PageReadError) -> String {
        var error = [CChar](repeating: 0, count: 512)
        guard let text = folio_mupdf_page_text(document, Int32(index), &error, error.count) else {
            throw PageReadError(description: String(cMessage: error))
        }
        defer { free(text) }
        return String(cString: text)
    }

    func images(onPage index: Int) throws(PageReadError) -> PageImages {
        var error = [CChar](repeating: 0, count: 512)
        var coverage = 0.0
        var bytes = 0.0
        guard folio_mupdf_page_images(document, Int32(index), &coverage, &bytes, &error, error.count) == 0 else {
            throw PageReadError(description: String(cMessage: error))
        }
        return PageImages(coverage: coverage, drawingBytes: bytes)
    }

    func renderGray(page index: Int, dpi: Int) throws(PageReadError) -> GrayImage {
        var error = [CChar](repeating: 0, count: 512)
        var widthPoints: Float = 0
        var heightPoints: Float = 0
        guard folio_mupdf_page_size(document, Int32(index), &widthPoints, &heightPoints, &error, error.count) == 0 else {
            throw PageReadError(description: String(cMessage: error))
        }
        let resolution = GrayImage.resolution(width: Double(widthPoints), height: Double(heightPoints), dpi: dpi)
        var width: Int32 = 0
        var height: Int32 = 0
        var stride: Int32 = 0
        guard let pixels = folio_mupdf_render_gray(document, Int32(index), Float(resolution), &width, &height, &stride, &error, error.count) else {
            throw PageReadError(description: String(cMessage: error))
        }
        return GrayImage(width: Int(width), height: Int(height), stride: Int(stride), dpi: resolution, pixels: pixels)
    }
}
