public import FolioCore
internal import FolioSystem

/// PDFs, page by page, through the configured backend (MuPDF or poppler).
///
/// Each page keeps its number and label. A page whose text layer is empty or junk
/// (`TextLayer`) and mostly an image (`scanCoverage`) is rendered and read by tesseract,
/// page by page, so one scanned page in an otherwise digital PDF is found too. What cannot
/// be read (a damaged page, a truncated file, OCR skipped by a limit, images too large to
/// draw) is recorded as a problem and the rest is indexed. The title is the metadata's;
/// without one the indexer takes the first heading-like line that survives the
/// header/footer filter (`DocumentTitle`).
public struct PDFLoader: DocumentLoader {
    public var kind: DocumentKind { .pdf }

    public init() {}

    /// The part of a page images must cover for OCR to read it: a page without a text
    /// layer and without images is blank or drawn, and a table of numbers or a part's title
    /// page has a text layer the junk test finds thin. A logo or a figure covers less.
    static let scanCoverage = 0.25

    /// The most a page's images may take to draw for OCR. The worker recognising a page is
    /// alone with the daemon (`WorkerPool.grantTurns`) and holds its program and libraries,
    /// tesseract's engine, MuPDF's document and the page it draws besides: this keeps them
    /// under the 150 MB goal, and still draws a page scanned at 300 DPI in colour or 600 DPI
    /// in gray. A photograph stored as a progressive JPEG, as phones and cameras write them,
    /// takes more (libjpeg holds the whole image's coefficients while it decodes), and is
    /// not read by OCR (docs/benchmarks.md).
    static let maxDrawingBytes = Double(48 << 20)

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        var pages: [Page] = []
        var document = try stream(file, title: { _ in }) { pages.append($0) }
        document.pages = pages
        return document
    }

    public func stream(_ file: SourceFile, title: (String?) -> Void, page sink: (Page) -> Void) throws(LoaderError) -> LoadedDocument {
        let document: any PDFDocument
        do {
            document = try file.pdf.backend.open(file.path)
        } catch {
            switch error {
            case .encrypted: throw .encrypted(path: file.path)
            case let .failed(reason): throw .malformed(path: file.path, kind: .pdf, reason: reason)
            }
        }
        guard document.pageCount > 0 else { throw .malformed(path: file.path, kind: .pdf, reason: "it has no pages") }
        let ownTitle = Self.metadataTitle(document.title)
        title(ownTitle)
        var problems: [String] = []
        if Self.isTruncated(file.path) { problems.append("the file is truncated (no %%EOF at its end); the pages that could be read are indexed") }
        var ocr = OCRSession(file: file)
        var unreadable: [String] = []
        for index in 0..<document.pageCount {
            var text: String
            do {
                text = try document.text(ofPage: index)
            } catch {
                unreadable.append("page \(index + 1): \(error)")
                text = ""
            }
            var confidence: Double?
            if TextLayer.needsOCR(text), let recognised = try Self.recognise(page: index, of: document, with: &ocr) {
                text = recognised.text
                confidence = recognised.confidence
            }
            let lines = TextDecoding.lines(of: Substring(text)).map { TextLine(String($0)) }
            sink(Page(number: index + 1, label: document.label(ofPage: index), lines: lines, ocrConfidence: confidence))
        }
        if !unreadable.isEmpty { problems.append("unreadable: " + unreadable.prefix(5).joined(separator: "; ") + (unreadable.count > 5 ? "; …" : "")) }
        if let skipped = ocr.problem { problems.append(skipped) }
        return LoadedDocument(kind: .pdf, title: ownTitle, pages: [], problems: problems)
    }

    /// The text of a page without a usable text layer, by OCR, if images cover at least
    /// `scanCoverage` of it and take at most `maxDrawingBytes` to draw. When the images
    /// cannot be told, OCR decides.
    private static func recognise(page index: Int, of document: any PDFDocument,
                                  with ocr: inout OCRSession) throws(LoaderError) -> RecognisedText? {
        let images = (try? document.images(onPage: index)) ?? PageImages(coverage: 1, drawingBytes: nil)
        guard images.coverage >= scanCoverage else { return nil }
        if let bytes = images.drawingBytes, bytes > maxDrawingBytes {
            ocr.pass(page: index + 1, because: "its images take \(Int(bytes) >> 20) MiB to draw, "
                + "over the \(Int(maxDrawingBytes) >> 20) MiB a page may take for OCR")
            return nil
        }
        let dpi = ocr.dpi
        return try ocr.recognise(page: index + 1) { engine throws(PageReadError) in
            engine.recognise(try document.renderGray(page: index, dpi: dpi))
        }
    }

    /// Metadata titles that say nothing are ignored.
    private static func metadataTitle(_ title: String?) -> String? {
        guard let title = title?.trimmingWhitespace(), !title.isEmpty else { return nil }
        let lowered = title.lowercased()
        if lowered == "untitled" || lowered.hasSuffix(".dvi") || lowered.hasSuffix(".doc") || lowered.hasSuffix(".docx") { return nil }
        return title
    }

    /// A PDF ends with `%%EOF` (possibly followed by white space or junk); one that does
    /// not in its last kilobyte was cut short.
    private static func isTruncated(_ path: String) -> Bool {
        guard let tail = try? FileReader.tail(of: path, count: 1024) else { return false }
        let marker = Array("%%EOF".utf8)
        return !tail.indices.contains { tail[$0...].starts(with: marker) }
    }
}
