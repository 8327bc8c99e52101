import Testing
import Synchronization
import FolioLoaders
import FolioCore
import FolioTestSupport

/// The PDF loader on the committed fixtures (`Fixtures/pdf/make-fixtures.py`), with both
/// backends, real MuPDF, poppler and tesseract.
@Suite(.serialized) struct PDFLoaderTests {
    private func file(_ name: String, backend: PDFOptions.Backend = .mupdf, ocr: OCROptions = FolioConfiguration.default.ocr,
                      cache: (any OCRCache)? = nil, hash: String? = nil) -> SourceFile {
        SourceFile(path: Fixture.directory + "/pdf/" + name, maxSize: 1 << 30, contentHash: hash, pdf: PDFOptions(backend: backend),
                   ocr: ocr, ocrCache: cache)
    }

    private func text(_ page: Page) -> String {
        page.lines.map(\.text).joined(separator: " ")
    }

    @Test(arguments: PDFOptions.Backend.allCases)
    func digitalPDF_keepsEveryPageWithItsNumber(backend: PDFOptions.Backend) throws {
        let document = try PDFLoader().load(file("digital.pdf", backend: backend))
        #expect(document.kind == .pdf)
        #expect(document.title == "Alpaca Farming Report")
        #expect(document.pages.map(\.number) == [1, 2, 3])
        #expect(text(document.pages[0]).contains("alpaca farming"))
        #expect(text(document.pages[1]).contains("bravo shearing"))
        #expect(text(document.pages[2]).contains("charlie logistics"))
        #expect(document.pages.allSatisfy { $0.ocrConfidence == nil }, "no OCR on pages with text")
        #expect(document.problems.isEmpty)
        #expect(document.pages.map(\.label) == ["i", "ii", "1"], "page labels with \(backend)")
    }

    /// Text in a CJK font the file does not embed is read through the reader's own CJK
    /// font: MuPDF without its built-in Source Han font gives the raw codes instead
    /// (`without_noto_fonts.c` keeps it for this reason).
    @Test(arguments: PDFOptions.Backend.allCases)
    func notEmbeddedCJKFont_givesItsText(backend: PDFOptions.Backend) throws {
        let document = try PDFLoader().load(file("cjk.pdf", backend: backend))
        #expect(text(document.pages[0]).contains("東京の会議資料、請求書番号"))
    }

    @Test(arguments: PDFOptions.Backend.allCases)
    func scannedPage_isReadByOCR(backend: PDFOptions.Backend) throws {
        let document = try PDFLoader().load(file("scanned.pdf", backend: backend))
        #expect(document.pages.count == 1)
        #expect(text(document.pages[0]).contains("Northwind"))
        #expect(text(document.pages[0]).contains("thirty days"))
        #expect((document.pages[0].ocrConfidence ?? 0) > 60)
    }

    @Test func mixedPDF_recognisesOnlyItsScannedPage() throws {
        let document = try PDFLoader().load(file("mixed.pdf"))
        #expect(document.pages.map { $0.ocrConfidence != nil } == [false, true, false])
        #expect(text(document.pages[0]).contains("kiwi exports"))
        #expect(text(document.pages[1]).contains("meeting minutes"))
        #expect(text(document.pages[2]).contains("lemon imports"))
    }

    /// A part's title page and a blank page have too little text for the junk test, and
    /// nothing OCR could read: no images.
    @Test(arguments: PDFOptions.Backend.allCases)
    func pagesWithoutImages_areNotReadByOCR(backend: PDFOptions.Backend) throws {
        let source = try Fixture.temporary("parts.pdf", Array(LongPDF.data(pages: [["Part IV"], []])))
        let document = try PDFLoader().load(SourceFile(path: source.path, maxSize: 1 << 30, pdf: PDFOptions(backend: backend)))
        #expect(document.pages.map(\.ocrConfidence) == [nil, nil])
        #expect(text(document.pages[0]).contains("Part IV"))
        #expect(document.problems.isEmpty)
    }

    /// A page that is one white image, `side` pixels square with `components` samples a
    /// pixel, run-length encoded (128 samples in two bytes).
    private func imagePage(side: Int, components: Int) -> [UInt8] {
        let samples = side * side * components
        var data = [UInt8](repeating: 0, count: (samples + 127) / 128 * 2 + 1)
        for chunk in 0..<(samples + 127) / 128 {
            let count = min(128, samples - chunk * 128)
            data[chunk * 2] = UInt8(257 - count)
            data[chunk * 2 + 1] = 255
        }
        data[data.count - 1] = 128
        let colours = components == 1 ? "/DeviceGray" : "/DeviceRGB"
        var pdf = PDFWriter()
        pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im 4 0 R >> >> /Contents 5 0 R >>")
        pdf.add("<< /Type /XObject /Subtype /Image /Width \(side) /Height \(side) /ColorSpace \(colours) /BitsPerComponent 8 "
                + "/Filter /RunLengthDecode /Length \(data.count) >>", stream: data)
        let draw = Array("q 612 0 0 792 0 0 cm /Im Do Q".utf8)
        pdf.add("<< /Length \(draw.count) >>", stream: draw)
        return Array(pdf.data)
    }

    /// An image too large to draw within `PDFLoader.maxDrawingBytes` (5,000 pixels square
    /// in colour: 100 MB decoded and converted to gray) is not drawn, and the document
    /// says why; a page of a smaller one is read.
    @Test func imageTooLargeToDraw_isNotReadByOCR_andTheDocumentSaysWhy() throws {
        let large = try Fixture.temporary("photo.pdf", imagePage(side: 5_000, components: 3))
        let document = try PDFLoader().load(large)
        #expect(document.pages.map(\.ocrConfidence) == [nil])
        #expect(document.problems == ["not recognised by OCR: page 1: its images take 95 MiB to draw, over the 48 MiB a page may take for OCR"])

        let small = try Fixture.temporary("scan.pdf", imagePage(side: 1_000, components: 1))
        let read = try PDFLoader().load(small)
        #expect(read.pages.map { $0.ocrConfidence != nil } == [true])
        #expect(read.problems.isEmpty)
    }

    @Test(arguments: PDFOptions.Backend.allCases)
    func encryptedPDF_isRefusedAsEncrypted(backend: PDFOptions.Backend) {
        let source = file("encrypted.pdf", backend: backend)
        #expect(throws: LoaderError.encrypted(path: source.path)) { try PDFLoader().load(source) }
        #expect(LoaderError.encrypted(path: "x.pdf").description == "x.pdf is encrypted, not indexed (it needs a password to open)")
    }

    @Test func truncatedPDF_keepsTheReadablePages_andSaysWhy() throws {
        let document = try PDFLoader().load(file("truncated.pdf", backend: .mupdf))
        #expect(text(document.pages[0]).contains("alpaca"))
        #expect(text(document.pages[1]).contains("bravo"))
        #expect(document.problems.first?.contains("truncated") == true)
    }

    @Test func truncatedPDF_withPoppler_givesAReason() {
        do {
            let document = try PDFLoader().load(file("truncated.pdf", backend: .poppler))
            #expect(!document.problems.isEmpty)
        } catch {
            guard case .malformed = error else { return #expect(Bool(false), "got \(error)") }
        }
    }

    @Test func ocrOff_recordsTheSkippedPage() throws {
        var options = FolioConfiguration.default.ocr
        options.enabled = false
        let document = try PDFLoader().load(file("mixed.pdf", ocr: options))
        #expect(document.problems == ["not recognised by OCR: page 2: OCR is off (ocr.enabled = false)"])
        #expect(text(document.pages[0]).contains("kiwi"))
    }

    @Test func pageLimit_recordsTheSkippedPages() throws {
        var options = FolioConfiguration.default.ocr
        options.maxPagesPerDocument = 0
        let document = try PDFLoader().load(file("scanned.pdf", ocr: options))
        #expect(document.problems == ["not recognised by OCR: page 1: over ocr.max_pages_per_document (0)"])
    }

    @Test func missingLanguage_namesTheDebianPackage() throws {
        var options = FolioConfiguration.default.ocr
        options.languages = ["xyz"]
        let document = try PDFLoader().load(file("scanned.pdf", ocr: options))
        #expect(document.problems.first?.contains("install the Debian package tesseract-ocr-xyz") == true)
    }

    @Test func cachedText_isUsedInsteadOfTesseract() throws {
        let cache = MemoryOCRCache()
        let first = try PDFLoader().load(file("scanned.pdf", cache: cache, hash: "h1"))
        #expect(cache.statistics == .init(hits: 0, stores: 1))
        let second = try PDFLoader().load(file("scanned.pdf", cache: cache, hash: "h1"))
        // A hit returns before tesseract is asked; the end-to-end tests count real calls.
        #expect(cache.statistics == .init(hits: 1, stores: 1))
        #expect(second == first)
    }

    @Test func image_isReadByOCR() throws {
        let document = try ImageLoader().load(file("receipt.png"))
        #expect(document.kind == .image)
        #expect(document.title == nil)
        #expect(text(document.pages[0]).contains("umbrella"))
        #expect(document.pages[0].ocrConfidence != nil)
    }

    @Test func notAnImage_isMalformed() throws {
        let source = try Fixture.temporary("fake.png", Array("not an image".utf8))
        #expect(throws: LoaderError.self) { try ImageLoader().load(source) }
    }

    @Test func garbageFile_namedPDF_isMalformed() throws {
        let source = try Fixture.temporary("fake.pdf", Array("%PDF-1.4 nothing else".utf8))
        #expect(throws: LoaderError.self) { try PDFLoader().load(source) }
    }
}

/// An OCR cache in memory: the loader's side of the cache protocol. The database-backed
/// cache is tested through the indexer.
final class MemoryOCRCache: OCRCache, Sendable {
    struct Statistics: Equatable {
        var hits = 0
        var stores = 0
    }

    private let state = Mutex<(entries: [OCRCacheKey: RecognisedText], statistics: Statistics)>(([:], Statistics()))
    var statistics: Statistics { state.withLock { $0.statistics } }

    func text(for key: OCRCacheKey) -> RecognisedText? {
        state.withLock { state in
            let found = state.entries[key]
            if found != nil { state.statistics.hits += 1 }
            return found
        }
    }

    func store(_ text: RecognisedText, for key: OCRCacheKey) {
        state.withLock { state in
            state.entries[key] = text
            state.statistics.stores += 1
        }
    }
}

/// The page labels of the corpus-like PDFs agree between the backends; the styles format
/// as the PDF specification says.
@Suite struct PageLabelTests {
    @Test(arguments: [
        (1, "D", "1"), (14, "R", "XIV"), (4, "r", "iv"), (1999, "R", "MCMXCIX"), (1, "A", "A"), (26, "a", "z"), (27, "A", "AA"),
        (53, "a", "aaa"), (5, "", ""),
    ])
    func styles(number: Int, style: String, expected: String) {
        #expect(PageLabelStyleProbe.format(number, style) == expected)
    }
}
