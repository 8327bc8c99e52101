internal import CTesseract
internal import Synchronization
internal import Glibc

/// One tesseract instance, initialised for a set of languages. Initialising loads the
/// language models, which takes far longer than recognising a page, so engines are kept
/// in `OCREngine.pool` and reused.
///
/// Tesseract is not thread-safe; an engine is used by one thread at a time, which the
/// pool guarantees by handing each one out exclusively (hence `@unchecked Sendable`).
///
/// Related documentation: <https://tesseract-ocr.github.io/tessapi/5.x/a02438.html> (capi.h)
final class OCREngine: @unchecked Sendable {
    private let handle: OpaquePointer
    let languages: String

    /// How many pages and images were recognised in this process.
    static let recognitions = Atomic<Int>(0)

    static let pool = OCREnginePool()

    init(languages: [String]) throws(LoaderError) {
        self.languages = languages.joined(separator: "+")
        if let missing = languages.first(where: { !Self.hasData(for: $0) }) {
            throw .missingOCRLanguage(language: missing)
        }
        guard let handle = TessBaseAPICreate() else { throw .missingOCRLanguage(language: self.languages) }
        guard TessBaseAPIInit3(handle, nil, self.languages) == 0 else {
            TessBaseAPIDelete(handle)
            throw .missingOCRLanguage(language: self.languages)
        }
        self.handle = handle
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Recognises an 8-bit gray image rendered at `dpi`.
    func recognise(_ image: GrayImage, dpi: Int) -> RecognisedText {
        image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(handle, pixels.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.stride))
        }
        TessBaseAPISetSourceResolution(handle, Int32(dpi))
        return recognised()
    }

    /// Recognises an image file (PNG, JPEG, TIFF, BMP, GIF, WebP) read by leptonica;
    /// `nil` when leptonica cannot read it.
    func recognise(imageAt path: String) -> RecognisedText? {
        var image: UnsafeMutablePointer<PIX>? = pixRead(path)
        guard let pix = image else { return nil }
        defer { pixDestroy(&image) }
        TessBaseAPISetImage2(handle, pix)
        if pixGetXRes(pix) < 70 { TessBaseAPISetSourceResolution(handle, 300) }
        return recognised()
    }

    private func recognised() -> RecognisedText {
        Self.recognitions.add(1, ordering: .relaxed)
        defer { TessBaseAPIClear(handle) }
        guard let text = TessBaseAPIGetUTF8Text(handle) else { return RecognisedText(text: "", confidence: 0) }
        defer { TessDeleteText(text) }
        return RecognisedText(text: String(cString: text), confidence: Double(TessBaseAPIMeanTextConf(handle)))
    }

    /// Whether `<language>.traineddata` is where tesseract looks: `$TESSDATA_PREFIX`, else
    /// Debian's folder. Checked first so a missing language gets a clear message instead
    /// of tesseract's own lines on standard error.
    private static func hasData(for language: String) -> Bool {
        let folders = [getenv("TESSDATA_PREFIX").map { String(cString: $0) }, "/usr/share/tesseract-ocr/5/tessdata",
                       "/usr/share/tesseract-ocr/4.00/tessdata"].compactMap { $0 }
        return folders.contains { access($0 + "/" + language + ".traineddata", R_OK) == 0 }
    }
}

/// Idle tesseract engines by language set: `withEngine` takes one (or makes one) for the
/// duration of the call and puts it back.
final class OCREnginePool: Sendable {
    private let idle = Mutex<[String: [OCREngine]]>([:])
    private let drainsAtExit = Mutex(false)

    /// Runs `body` with an engine for `languages`; throws `LoaderError.missingOCRLanguage`
    /// when tesseract lacks one, and whatever `body` throws.
    func withEngine<T>(languages: [String], _ body: (OCREngine) throws -> T) throws -> T {
        let key = languages.joined(separator: "+")
        let engine: OCREngine
        if let reused = idle.withLock({ $0[key]?.popLast() }) {
            engine = reused
        } else {
            engine = try OCREngine(languages: languages)
            drainAtExit()
        }
        defer { idle.withLock { $0[key, default: []].append(engine) } }
        return try body(engine)
    }

    /// Ends the engines at exit, before tesseract's own static data is torn down: exit
    /// handlers run in reverse order of registration, and tesseract registers its own
    /// when the first engine starts, so this one must come after that.
    private func drainAtExit() {
        let first = drainsAtExit.withLock { registered in
            defer { registered = true }
            return !registered
        }
        if first { atexit { OCREngine.pool.drain() } }
    }

    /// Ends the idle engines.
    func drain() {
        idle.withLock { $0.removeAll() }
    }
}
