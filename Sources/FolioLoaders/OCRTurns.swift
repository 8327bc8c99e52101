/// Whether this process may run tesseract now. The daemon's workers take turns: a worker
/// recognising a page holds the most a worker holds (the engine, tesseract's two copies of
/// the page and its work), and two of them beside a third process would pass the daemon's
/// memory goal (docs/benchmarks.md), so the daemon lets one page be recognised at a time
/// (`WorkerPool.grantTurns`).
public protocol OCRTurns: Sendable {
    /// Returns when the page may be recognised (true), or false when the document must
    /// be put off (`LoaderError.ocrDeferred`) because another is being recognised. Called
    /// before each page tesseract reads.
    func take() -> Bool
    /// Called when tesseract has read the page.
    func giveBack()
}
