internal import FolioCore
internal import Glibc

/// An open PDF, read one page at a time, whichever library reads it. Implementations are
/// used from one thread at a time (poppler and MuPDF documents are not thread-safe).
protocol PDFDocument: AnyObject {
    var pageCount: Int { get }
    /// The title in the document's metadata, if any.
    var title: String? { get }
    /// The printed label of a page ("iv", "A-1"), where the PDF defines labels.
    func label(ofPage index: Int) -> String?
    /// The text of a 0-based page in reading order, one line per line.
    func text(ofPage index: Int) throws(PageReadError) -> String
    /// What a page's images are to OCR.
    func images(onPage index: Int) throws(PageReadError) -> PageImages
    /// The page rendered in 8-bit gray for OCR, at `dpi` or less (`GrayImage.resolution`).
    func renderGray(page index: Int, dpi: Int) throws(PageReadError) -> GrayImage
}

/// A page's images, as OCR sees them.
struct PageImages {
    /// The part of the page (0 to 1) they cover: a scan is an image.
    var coverage: Double
    /// The bytes drawing them takes, when the backend can tell (MuPDF).
    var drawingBytes: Double?
}

/// Why a page could not be read or rendered, in the library's words.
struct PageReadError: Error, CustomStringConvertible {
    var description: String
}

/// Why a PDF could not be opened.
enum PDFOpenError: Error {
    case encrypted
    case failed(String)
}

/// An 8-bit gray image, one byte a pixel, rows `stride` bytes apart, in memory from
/// `malloc` that it frees. Not copyable: a page at 300 DPI is 8 MiB, and OCR consumes the
/// image as soon as tesseract has taken its own copy (`OCREngine.recognise`).
struct GrayImage: ~Copyable {
    let width: Int
    let height: Int
    let stride: Int
    /// The resolution it was rendered at, which tesseract is told.
    let dpi: Double
    let pixels: UnsafeMutablePointer<UInt8>

    deinit {
        free(pixels)
    }

    /// The most pixels a page is rendered with: a little more than an A4 or US letter page
    /// at 300 DPI (8.7 and 8.4 million). Tesseract holds two copies of the image and more
    /// while it reads it, so the image's size is most of an OCR worker's memory; a PDF page
    /// may be 200 inches square (over 3 GB at 300 DPI).
    static let maxPixels = 9_000_000.0

    /// The resolution to render a page of `width` × `height` points at: `dpi`, lowered as
    /// far as needed to stay within `maxPixels`.
    static func resolution(width: Double, height: Double, dpi: Int) -> Double {
        let pixels = width * height * Double(dpi * dpi) / (72 * 72)
        guard pixels > maxPixels else { return Double(dpi) }
        return Double(dpi) * (maxPixels / pixels).squareRoot()
    }
}

extension PDFOptions.Backend {
    /// Opens `path` with this backend.
    func open(_ path: String) throws(PDFOpenError) -> any PDFDocument {
        switch self {
        case .mupdf: try MuPDFDocument(path: path)
        case .poppler: try PopplerDocument(path: path)
        }
    }
}
