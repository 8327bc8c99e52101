internal import FolioCore

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
    /// The page rendered in 8-bit gray, for OCR.
    func renderGray(page index: Int, dpi: Int) throws(PageReadError) -> GrayImage
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

/// An 8-bit gray image, one byte a pixel, rows `stride` bytes apart.
struct GrayImage {
    var width: Int
    var height: Int
    var stride: Int
    var pixels: [UInt8]
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
