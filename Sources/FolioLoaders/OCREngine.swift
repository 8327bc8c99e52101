internal import CTesseract
internal import Synchronization
internal import Glibc

/// One tesseract instance, initialised for a set of languages. Tesseract itself is loaded
/// by the first engine a process makes (`folio_tesseract_load`), not at start. Initialising loads the
/// language models, which takes far longer than recognising a page, so engines are kept
/// in `OCREngine.pool` and reused.
///
/// Tesseract is not thread-safe; an engine is used by one thread at a time, which the
/// pool guarantees by handing each one out exclusively (hence `@unchecked Sendable`).
///
/// Related documentation: <https://tesseract-ocr.github.io/tessapi/5.x/a02438.html> (capi.h)
final class OCREngine: @unchecked Sendable {
    private let tesseract: UnsafePointer<folio_tesseract_api>
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
        var error = [CChar](repeating: 0, count: 512)
        guard let tesseract = folio_tesseract_load(&error, error.count) else {
            throw .ocrUnavailable(reason: String(cMessage: error))
        }
        self.tesseract = tesseract
        guard let handle = tesseract.pointee.create() else { throw .missingOCRLanguage(language: self.languages) }
        guard tesseract.pointee.init3(handle, nil, self.languages) == 0 else {
            tesseract.pointee.delete_api(handle)
            throw .missingOCRLanguage(language: self.languages)
        }
        self.handle = handle
    }

    deinit {
        tesseract.pointee.end(handle)
        tesseract.pointee.delete_api(handle)
    }

    /// Recognises a rendered page. The image is freed once tesseract has its copy, before
    /// recognition, where the process's memory peaks.
    func recognise(_ image: consuming GrayImage) -> RecognisedText {
        tesseract.pointee.set_image(handle, image.pixels, Int32(image.width), Int32(image.height), 1, Int32(image.stride))
        tesseract.pointee.set_source_resolution(handle, Int32(image.dpi.rounded()))
        _ = consume image
        return recognised()
    }

    /// Recognises an image file (PNG, JPEG, TIFF, BMP, GIF, WebP) read by leptonica;
    /// `nil` when leptonica cannot read it.
    func recognise(imageAt path: String) -> RecognisedText? {
        var image: UnsafeMutablePointer<PIX>? = tesseract.pointee.pix_read(path)
        guard let pix = image else { return nil }
        defer { tesseract.pointee.pix_destroy(&image) }
        tesseract.pointee.set_image2(handle, pix)
        if tesseract.pointee.pix_get_x_res(pix) < 70 { tesseract.pointee.set_source_resolution(handle, 300) }
        return recognised()
    }

    /// The page's text; then tesseract lets the page go, and what it freed is given back
    /// to the system: the engine stays in the worker between pages, beside another
    /// worker's file (`IndexQueue.HandOut.lightOnly`).
    private func recognised() -> RecognisedText {
        Self.recognitions.add(1, ordering: .relaxed)
        defer {
            tesseract.pointee.clear(handle)
            folio_tesseract_return_memory()
        }
        guard let text = tesseract.pointee.get_utf8_text(handle) else { return RecognisedText(text: "", confidence: 0) }
        defer { tesseract.pointee.delete_text(text) }
        return RecognisedText(text: String(cString: text), confidence: Double(tesseract.pointee.mean_text_conf(handle)))
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
    /// when tesseract lacks one, `.ocrUnavailable` when tesseract cannot be loaded, and
    /// whatever `body` throws.
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
