internal import FolioLoaders
internal import FolioStore
internal import Logging

/// The OCR cache kept in the index database. A failing read is a miss and a failing write
/// is logged: either only costs recognising a page again.
struct StoreOCRCache: OCRCache {
    let store: IndexStore
    private let logger = Logger(label: "folio.ocr-cache")

    func text(for key: OCRCacheKey) -> RecognisedText? {
        do {
            return try store.cachedOCR(contentHash: key.contentHash, page: key.page, languages: key.languages, dpi: key.dpi)
                .map { RecognisedText(text: $0.text, confidence: $0.confidence) }
        } catch {
            logger.warning("OCR cache read failed", metadata: ["error": "\(error)"])
            return nil
        }
    }

    func store(_ text: RecognisedText, for key: OCRCacheKey) {
        do {
            try store.cacheOCR(text: text.text, confidence: text.confidence, contentHash: key.contentHash, page: key.page,
                               languages: key.languages, dpi: key.dpi)
        } catch {
            logger.warning("OCR cache write failed", metadata: ["error": "\(error)"])
        }
    }
}
