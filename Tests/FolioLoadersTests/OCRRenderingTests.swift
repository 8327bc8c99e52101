import Testing
import FolioCore
import FolioTestSupport
@testable import FolioLoaders

/// Pages are rendered for OCR at `ocr.dpi` up to `GrayImage.maxPixels`: the image is most
/// of an OCR worker's memory, and a PDF page may be 200 inches square.
struct OCRRenderingTests {
    private func render(_ backend: PDFOptions.Backend, pageSize: (width: Int, height: Int)) throws -> (width: Int, height: Int, dpi: Double) {
        let source = try Fixture.temporary("page.pdf", Array(LongPDF.data(pages: [[]], pageSize: pageSize)))
        let image = try backend.open(source.path).renderGray(page: 0, dpi: 300)
        return (image.width, image.height, image.dpi)
    }

    @Test(arguments: [PDFOptions.Backend.mupdf, .poppler])
    func aLetterPage_isRenderedAtTheConfiguredResolution(backend: PDFOptions.Backend) throws {
        let image = try render(backend, pageSize: (612, 792))
        #expect(image.dpi == 300)
        // 8.5 × 11 inches; poppler's size is rounded up, so a pixel may be added.
        #expect((2550...2551).contains(image.width) && (3300...3301).contains(image.height))
    }

    @Test(arguments: [PDFOptions.Backend.mupdf, .poppler])
    func theLargestPagePDFAllows_isRenderedWithinTheLimit(backend: PDFOptions.Backend) throws {
        // 14,400 points (200 inches) square: 60,000 pixels a side at 300 DPI.
        let image = try render(backend, pageSize: (14_400, 14_400))
        #expect(Double(image.width * image.height) <= GrayImage.maxPixels * 1.01)
        #expect(Double(image.width * image.height) >= GrayImage.maxPixels * 0.99)
        #expect(image.dpi < 20)
    }
}
