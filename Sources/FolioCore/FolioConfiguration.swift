/// Everything a user can set in `config.toml`. The defaults live in
/// `FolioConfiguration+Default.swift`; `config.example.toml` documents the same keys and a
/// test checks the two agree.
public struct FolioConfiguration: Sendable, Equatable {
    /// Folders to index, as written (`~` is expanded when they are used).
    public var folders: [String]
    /// Whether files and folders whose names start with a dot are indexed.
    public var includeHidden: Bool
    /// Files and folders never indexed: a pattern without `/` matches a name anywhere
    /// (`node_modules`, `*.kdbx`); one with `/` or a leading `~` matches a path and
    /// everything below it (`~/.ssh`).
    public var exclude: [String]
    /// Files larger than this many bytes are not read.
    public var maxFileSize: Int64
    /// Extensions (lower case, without the dot) read as source code besides Folio's own
    /// (`DocumentKind.codeExtensions`): a language it does not list (`nim`, `zig`).
    public var codeExtensions: [String] = []
    public var chunking: ChunkingOptions
    public var pdf: PDFOptions
    public var ocr: OCROptions
    public var daemon: DaemonOptions
    public var open: OpenOptions
    public var embeddings: EmbeddingOptions
    public var ask: AskOptions
    public var mail = MailOptions(mailboxFolders: [])

    public init(folders: [String], includeHidden: Bool, exclude: [String], maxFileSize: Int64, chunking: ChunkingOptions,
                pdf: PDFOptions, ocr: OCROptions, daemon: DaemonOptions, open: OpenOptions, embeddings: EmbeddingOptions, ask: AskOptions) {
        self.folders = folders
        self.includeHidden = includeHidden
        self.exclude = exclude
        self.maxFileSize = maxFileSize
        self.chunking = chunking
        self.pdf = pdf
        self.ocr = ocr
        self.daemon = daemon
        self.open = open
        self.embeddings = embeddings
        self.ask = ask
    }
}

/// How `foliod` watches and indexes.
public struct DaemonOptions: Sendable, Equatable {
    /// A file is indexed once no event has touched it for this long.
    public var debounceMilliseconds: Int
    /// …or at the latest this long after its first event, even if it keeps changing.
    public var maximumDelayMilliseconds: Int
    /// Extraction processes; 0 means one per core.
    public var workers: Int
    /// A file whose extraction takes longer is abandoned and recorded as failed.
    public var fileTimeoutSeconds: Int
    /// How often folders without an inotify watch (when the system's limit is reached),
    /// and folders on network file systems (whose changes from other machines inotify
    /// never sees), are walked for changes.
    public var rescanIntervalSeconds: Int
    /// How long the documents of a folder on a file system that is not mounted (a drive
    /// unplugged, a share not connected) stay in the index; 0 keeps them until the folder
    /// is forgotten.
    public var offlineDays: Int

    public init(debounceMilliseconds: Int, maximumDelayMilliseconds: Int, workers: Int, fileTimeoutSeconds: Int, rescanIntervalSeconds: Int,
                offlineDays: Int) {
        self.debounceMilliseconds = debounceMilliseconds
        self.maximumDelayMilliseconds = maximumDelayMilliseconds
        self.workers = workers
        self.fileTimeoutSeconds = fileTimeoutSeconds
        self.rescanIntervalSeconds = rescanIntervalSeconds
        self.offlineDays = offlineDays
    }
}

/// How PDFs are read.
public struct PDFOptions: Sendable, Equatable {
    /// The library that extracts text and renders pages for OCR.
    public enum Backend: String, Sendable, CaseIterable, Codable {
        case mupdf, poppler
    }

    public var backend: Backend

    public init(backend: Backend) {
        self.backend = backend
    }
}

/// Optical character recognition (tesseract) for pages without a usable text layer and
/// for images.
public struct OCROptions: Sendable, Equatable {
    public var enabled: Bool
    /// Tesseract language codes (`eng`, `deu`, `fra`…), each from a Debian package
    /// `tesseract-ocr-<code>`.
    public var languages: [String]
    /// Resolution pages are rendered at for recognition (lower for pages larger than A4:
    /// `GrayImage.maxPixels`).
    public var dpi: Int
    /// The most pages of one document that are recognised; the rest are recorded as skipped.
    public var maxPagesPerDocument: Int
    /// The most seconds of recognition spent on one document; the rest is recorded as skipped.
    public var timeBudgetSeconds: Int

    public init(enabled: Bool, languages: [String], dpi: Int, maxPagesPerDocument: Int, timeBudgetSeconds: Int) {
        self.enabled = enabled
        self.languages = languages
        self.dpi = dpi
        self.maxPagesPerDocument = maxPagesPerDocument
        self.timeBudgetSeconds = timeBudgetSeconds
    }
}

/// How documents are cut into chunks. A token here is a word: a run of non-space text.
public struct ChunkingOptions: Sendable, Equatable {
    /// The most words one chunk holds.
    public var maxTokensPerChunk: Int
    /// Words repeated at the start of a chunk from the end of the one before, so a phrase
    /// that straddles a boundary is still found whole.
    public var overlapTokens: Int

    public init(maxTokensPerChunk: Int, overlapTokens: Int) {
        self.maxTokensPerChunk = maxTokensPerChunk
        self.overlapTokens = overlapTokens
    }
}
