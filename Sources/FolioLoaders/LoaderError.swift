public import FolioCore

/// Why a loader could not turn a file into text. Every case names the file and says what
/// the user can do; the indexer records the message on the document.
public enum LoaderError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or read (permissions, vanished, I/O error).
    case unreadable(path: String, reason: String)
    /// Not a regular file (a FIFO, socket or device took its place).
    case notRegularFile(path: String)
    /// Larger than `max_file_size`.
    case tooLarge(path: String, size: Int64, limit: Int64)
    /// The bytes are not text, whatever the name says (`what` names the format seen).
    case binaryContent(path: String, what: String)
    /// The parser of the format gave up.
    case malformed(path: String, kind: DocumentKind, reason: String)
    /// The document needs a password to be opened.
    case encrypted(path: String)
    /// An e-book whose content is encrypted by a DRM scheme.
    case drmProtected(path: String)
    /// Tesseract has no data for a configured language.
    case missingOCRLanguage(language: String)
    /// Tesseract's libraries could not be loaded.
    case ocrUnavailable(reason: String)
    /// The file can only be read by OCR, which the configuration turns off.
    case ocrDisabled(path: String)
    /// A format read by another program (`LegacyOfficeReader`), which is not installed.
    case readerMissing(path: String, format: String, program: String, package: String)
    /// Another process was recognising pages and this one was told to put the file off
    /// (`OCRTurns`): not a failure, the file is read again later.
    case ocrDeferred(path: String)
    /// The library of code parsers (`CodeParsers`) is in none of the data folders.
    case codeParsersMissing(lookedIn: [String])
    /// The library of code parsers is there but could not be loaded.
    case codeParsersUnusable(library: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason)"
        case let .notRegularFile(path):
            "\(path) is not a regular file (FIFO, socket or device); not read"
        case let .tooLarge(path, size, limit):
            "\(path) is \(size) bytes, over max_file_size (\(limit)); raise max_file_size in config.toml to index it"
        case let .binaryContent(path, what):
            "\(path) holds \(what), not text; not indexed"
        case let .malformed(path, kind, reason):
            "\(path) is not a readable \(kind.rawValue) file: \(reason)"
        case let .encrypted(path):
            "\(path) is encrypted, not indexed (it needs a password to open)"
        case let .drmProtected(path):
            "\(path) is protected by DRM (its text is encrypted), not indexed"
        case let .missingOCRLanguage(language):
            "tesseract has no data for OCR language '\(language)'; install the Debian package tesseract-ocr-\(language) or change ocr.languages in config.toml"
        case let .ocrUnavailable(reason):
            "OCR is unavailable, tesseract could not be loaded (\(reason)); install the Debian package libtesseract5, or turn OCR off (ocr.enabled = false)"
        case let .ocrDisabled(path):
            "\(path) is an image, read only through OCR, which is off (ocr.enabled = false)"
        case let .readerMissing(path, format, program, package):
            "\(path) is \(format), read by \(program), which is not installed; install the Debian package \(package)"
        case let .ocrDeferred(path):
            "\(path) was put off while another document was read by OCR"
        case let .codeParsersMissing(lookedIn):
            "the code parsers (tree-sitter) are not installed, looked for in \(lookedIn.joined(separator: ", ")); code is read as plain text: run scripts/install-code-parsers.sh (make code-parsers) to read its functions and keys as sections"
        case let .codeParsersUnusable(library, reason):
            "the code parsers in \(library) could not be loaded (\(reason)); code is read as plain text: build them again with scripts/install-code-parsers.sh"
        }
    }
}
