public import FolioCore

/// What `foliod` (or `folioctl`) asks of a worker process (`foliod-worker`), one line on
/// the worker's standard input. A worker is handed one file at a time; the next request
/// comes after its answer, except `turn`, which answers the worker's `wantsTurn`.
public enum WorkerRequest: Codable, Equatable, Sendable {
    /// Bring the document of the file at `path` up to date in the index; the answer is
    /// `WorkerMessage.finished`.
    case index(path: String)
    /// Read the file at `path` and send its text back without writing anything
    /// (`folioctl extract`); the answer is `WorkerMessage.extracted`.
    case extract(path: String, options: ExtractOptions)
    /// The answer to `WorkerMessage.wantsTurn`: recognise the page now (`granted`), or put
    /// the document off (the worker then answers `finished(.putOff)`).
    case turn(granted: Bool)

    /// How `folioctl extract` reads a file, where it differs from the configuration.
    public struct ExtractOptions: Codable, Equatable, Sendable {
        public var backend: PDFOptions.Backend?
        public var ocr: Bool

        public init(backend: PDFOptions.Backend?, ocr: Bool) {
            self.backend = backend
            self.ocr = ocr
        }
    }
}
