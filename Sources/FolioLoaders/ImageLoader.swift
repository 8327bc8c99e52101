public import FolioCore

/// Images (PNG, JPEG, TIFF, BMP, GIF, WebP), read by OCR as a one-page document, through
/// the same engines and cache as scanned PDF pages.
public struct ImageLoader: DocumentLoader {
    public var kind: DocumentKind { .image }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        guard file.ocr.enabled else { throw .ocrDisabled(path: file.path) }
        var ocr = OCRSession(file: file)
        let path = file.path
        let recognised = try ocr.recognise(page: 1) { engine throws(PageReadError) in
            guard let text = engine.recognise(imageAt: path) else { throw PageReadError(description: "leptonica cannot read this image") }
            return text
        }
        guard let recognised else {
            throw .malformed(path: file.path, kind: .image, reason: ocr.problem ?? "OCR failed")
        }
        let lines = TextDecoding.lines(of: Substring(recognised.text)).map { TextLine(String($0)) }
        return LoadedDocument(kind: .image, title: nil, pages: [Page(number: 1, lines: lines, ocrConfidence: recognised.confidence)])
    }
}
