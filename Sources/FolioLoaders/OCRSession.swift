internal import FolioCore
internal import Glibc

/// The OCR of one document: cache first, then tesseract within the document's page and
/// time limits, remembering what was skipped and why so the document can say so.
struct OCRSession {
    private let options: OCROptions
    private let cache: (any OCRCache)?
    private let turns: (any OCRTurns)?
    private let path: String
    private let contentHash: String?
    private var recognisedPages = 0
    private var secondsSpent = 0.0
    private var skipped: [Int] = []
    private var skipReason: String?

    init(file: SourceFile) {
        options = file.ocr
        cache = file.ocrCache
        turns = file.ocrTurns
        path = file.path
        contentHash = file.contentHash
    }

    var dpi: Int { options.dpi }

    /// The text of page `number` (1-based) by OCR, or `nil` when OCR is off, over a limit,
    /// or failed; `recognise` is called, with an engine, only when tesseract has to run.
    /// Throws `LoaderError.ocrDeferred` when the turns say to put the document off.
    mutating func recognise(page number: Int, with recognise: (OCREngine) throws(PageReadError) -> RecognisedText) throws(LoaderError) -> RecognisedText? {
        let key = contentHash.map { OCRCacheKey(contentHash: $0, page: number, languages: options.languages.joined(separator: "+"), dpi: options.dpi) }
        if let key, let cached = cache?.text(for: key) { return cached }
        guard options.enabled else { return skip(number, Self.off) }
        guard recognisedPages < options.maxPagesPerDocument else {
            return skip(number, "over ocr.max_pages_per_document (\(options.maxPagesPerDocument))")
        }
        guard secondsSpent < Double(options.timeBudgetSeconds) else {
            return skip(number, "over ocr.time_budget_seconds (\(options.timeBudgetSeconds))")
        }
        if let turns {
            guard turns.take() else { throw .ocrDeferred(path: path) }
        }
        defer { turns?.giveBack() }
        let started = Self.now()
        defer { secondsSpent += Self.now() - started }
        let result: RecognisedText
        do {
            result = try OCREngine.pool.withEngine(languages: options.languages) { engine in try recognise(engine) }
        } catch let error as LoaderError {
            return skip(number, error.description)
        } catch {
            return skip(number, "the page could not be read for OCR: \(error)")
        }
        recognisedPages += 1
        if let key { cache?.store(result, for: key) }
        return result
    }

    /// Records page `number` as not recognised, because `reason` (or because OCR is off).
    mutating func pass(page number: Int, because reason: String) {
        _ = skip(number, options.enabled ? reason : Self.off)
    }

    private static let off = "OCR is off (ocr.enabled = false)"

    /// What was skipped, as one problem for the document, or `nil`.
    var problem: String? {
        guard let reason = skipReason, !skipped.isEmpty else { return nil }
        return "not recognised by OCR: \(Self.describe(skipped)): \(reason)"
    }

    private mutating func skip(_ page: Int, _ reason: String) -> RecognisedText? {
        skipped.append(page)
        if skipReason == nil { skipReason = reason }
        return nil
    }

    /// "page 3", "pages 3–5, 9".
    private static func describe(_ pages: [Int]) -> String {
        var ranges: [String] = []
        var start = pages[0]
        var previous = pages[0]
        for page in pages.dropFirst() + [Int.max] {
            if page == previous + 1 {
                previous = page
                continue
            }
            ranges.append(start == previous ? "\(start)" : "\(start)–\(previous)")
            start = page
            previous = page
        }
        return (pages.count == 1 ? "page " : "pages ") + ranges.joined(separator: ", ")
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
