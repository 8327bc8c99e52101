public import FolioCore

/// What a worker process says, one line on its standard output.
public enum WorkerMessage: Codable, Equatable, Sendable {
    /// The first line of every worker: the protocol it speaks (`WireProtocol.version`).
    case hello(version: Int)
    /// The worker is about to recognise a page and waits for `WorkerRequest.turn`.
    case wantsTurn
    /// The page recognised in its turn is done.
    case turnDone
    /// The answer to `WorkerRequest.index`.
    case finished(WorkerOutcome)
    /// The answer to `WorkerRequest.extract`: the document's text, or why it has none.
    case extracted(LoadedDocument)
    case extractFailed(reason: String)
}

/// What became of a file a worker was given to index.
public enum WorkerOutcome: Codable, Equatable, Sendable {
    /// Indexed: its chunks, and the pages tesseract recognised (not those from the OCR cache).
    case indexed(chunks: Int, ocrPages: Int)
    /// Indexed, but some of the text could not be read; `reason` says what.
    case partial(chunks: Int, ocrPages: Int, reason: String)
    /// Recorded as failed with `reason` (`folioctl errors` lists it).
    case failed(reason: String)
    /// The signature in the index was the file's: nothing was read.
    case unchanged
    /// The signature changed and the content did not: the new signature was recorded.
    case touched
    /// Not a kind of file Folio reads.
    case unsupported
    /// Put off while another worker recognised pages: nothing was recorded, and the file
    /// is to be handed out again.
    case putOff
    /// Renamed or deleted while it was read: nothing more was written (and a document left
    /// under its path was purged).
    case gone
    /// The database refused the write: nothing was written.
    case refused(StoreRefusal)
}
