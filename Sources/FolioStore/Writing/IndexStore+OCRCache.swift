internal import FolioSQLite
internal import Glibc

extension IndexStore {
    /// Text recognised earlier for this content, page, languages and resolution.
    public func cachedOCR(contentHash: String, page: Int, languages: String, dpi: Int) throws(StoreError) -> (text: String, confidence: Double)? {
        try read("read the OCR cache") { db in
            try db.row("SELECT text, confidence FROM ocr_cache WHERE content_hash = ? AND page = ? AND languages = ? AND dpi = ?",
                             [contentHash, page, languages, dpi])
                .map { ($0["text"], $0["confidence"]) }
        }
    }

    /// Keeps recognised text for the next time the same content is indexed.
    public func cacheOCR(text: String, confidence: Double, contentHash: String, page: Int, languages: String, dpi: Int) throws(StoreError) {
        try write("write the OCR cache") { db in
            try db.execute("""
                INSERT OR REPLACE INTO ocr_cache (content_hash, page, languages, dpi, text, confidence, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [contentHash, page, languages, dpi, text, confidence, Int64(time(nil))])
        }
    }

    /// Removes recognised text whose content no document has any more; returns how many
    /// pages' worth. `folioctl forget` calls it, so a forgotten file leaves no text behind.
    @discardableResult
    public func removeUnusedOCR() throws(StoreError) -> Int {
        try write("clean the OCR cache") { db in
            try db.execute("""
                DELETE FROM ocr_cache WHERE content_hash NOT IN (SELECT content_hash FROM document WHERE content_hash IS NOT NULL)
                """)
            return db.changes
        }
    }
}
