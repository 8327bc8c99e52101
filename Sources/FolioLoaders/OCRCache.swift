/// Text recognised on one page, as tesseract gave it.
public struct RecognisedText: Sendable, Equatable {
    public var text: String
    /// Tesseract's mean word confidence, 0–100.
    public var confidence: Double

    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}

/// What identifies one recognition: the file's content (not its name, so a renamed or
/// moved file hits the cache), the page, and the settings that change the result.
public struct OCRCacheKey: Sendable, Hashable {
    public var contentHash: String
    /// 1-based page; 1 for an image.
    public var page: Int
    /// The tesseract languages, joined by `+` as tesseract writes them.
    public var languages: String
    public var dpi: Int

    public init(contentHash: String, page: Int, languages: String, dpi: Int) {
        self.contentHash = contentHash
        self.page = page
        self.languages = languages
        self.dpi = dpi
    }
}

/// Where recognised text is kept between runs, so that re-indexing an unchanged, renamed
/// or moved file never runs OCR again. The index database implements it.
public protocol OCRCache: Sendable {
    func text(for key: OCRCacheKey) -> RecognisedText?
    func store(_ text: RecognisedText, for key: OCRCacheKey)
}
