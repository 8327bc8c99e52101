public import FolioCore
public import FolioStore
public import FolioSystem
public import FolioLoaders
public import FolioText

/// Brings one file's entry in the index up to date: the pipeline every way of indexing
/// shares (`folioctl index`, and the daemon's workers).
///
/// Unchanged signature: nothing to do. Changed signature but the same content hash: the
/// new signature is recorded, nothing is extracted. Otherwise: load, drop running headers
/// and footers, chunk, and replace the document in one transaction. A file that cannot be
/// read or parsed is recorded as failed with the reason, and is not tried again until it
/// changes.
public struct DocumentIndexer: Sendable {
    public enum Outcome: Sendable, Equatable {
        case indexed(chunks: Int)
        /// Indexed, but some of the text could not be read; `reason` says what.
        case partial(chunks: Int, reason: String)
        /// The signature was unchanged.
        case unchanged
        /// The signature changed but the content did not.
        case touched
        case failed(reason: String)
        /// Not a type Folio indexes.
        case unsupported
        /// Put off: another worker was recognising pages (`OCRTurns`). Nothing was
        /// recorded; the file is to be indexed again.
        case deferred
        /// Renamed or deleted while it was read (the daemon moved or removed the document
        /// meanwhile), or indexed by another process: nothing more was written.
        case gone
    }

    package let store: IndexStore
    let configuration: FolioConfiguration
    /// Which files are mailboxes (`[mail] mailbox_folders`).
    let kinds: FileKinds
    let ocrTurns: (any OCRTurns)?
    let registry: LoaderRegistry
    let chunker: any Chunker
    /// The chunker of source code: the default one, numbering lines and splitting names
    /// (`nil` with a library user's chunker, which cuts code too).
    let codeChunker: (any Chunker)?
    private let filter = HeaderFooterFilter()

    /// `registry` and `chunker` are Folio's own unless a library user gives theirs
    /// (`FolioEngine`); the chunker's default cuts by `configuration.chunking`.
    /// `kinds` says which files are mailboxes: only `.mbox` files unless given.
    public init(store: IndexStore, configuration: FolioConfiguration, kinds: FileKinds = FileKinds(), registry: LoaderRegistry = .standard,
                chunker: (any Chunker)? = nil) {
        self.init(store: store, configuration: configuration, kinds: kinds, registry: registry, chunker: chunker, ocrTurns: nil)
    }

    /// With `ocrTurns`, each page is recognised only when they allow (the daemon's workers).
    package init(store: IndexStore, configuration: FolioConfiguration, kinds: FileKinds, registry: LoaderRegistry = .standard,
                 chunker: (any Chunker)? = nil, ocrTurns: (any OCRTurns)?) {
        self.store = store
        self.configuration = configuration
        self.kinds = kinds
        // Code's definitions are sections from a chunk's worth of words (`CodeSections`), unless a library
        // user reads code with a loader of their own; the extensions of `code_extensions` no
        // loader reads otherwise are read as code.
        var registry = registry
        let code = SourceCodeLoader(minimumWords: configuration.chunking.maxTokensPerChunk)
        if registry.loader(for: .code) is SourceCodeLoader { registry.register(code) }
        registry.register(code,
                          forExtensions: kinds.codeExtensions.sorted().filter { registry.loader(forPath: "/file." + $0) == nil })
        self.registry = registry
        self.chunker = chunker ?? WordChunker(options: configuration.chunking)
        codeChunker = chunker == nil ? WordChunker(options: configuration.chunking, sourceCode: true) : nil
        self.ocrTurns = ocrTurns
    }

    /// Brings the document of the file at `path` up to date. Its entry in the index is
    /// `path` itself, or `key` when given: a library user's source identifier for a file,
    /// or for the text it handed over in a file of its own (`FolioEngine.ingest`).
    public func index(_ path: String, status: FileStatus, now: Int64, as key: String? = nil) throws(StoreError) -> Outcome {
        let signature = FileSignature(size: status.size, modificationTimeNanoseconds: status.modificationTimeNanoseconds, inode: status.inode)
        if kinds.isMailbox(path) { return try indexMailbox(path, as: key ?? path, signature: signature, now: now) }
        let key = key ?? path
        guard let loader = registry.loader(forPath: path) else {
            return kinds.kind(of: path) == .file ? try indexName(path, as: key, signature: signature, now: now) : .unsupported
        }
        let stored = try store.storedDocument(at: key)
        // Of another kind (known by its name before its extension was made code): read now.
        if let stored, stored.signature == signature, stored.kind == loader.kind { return .unchanged }

        var record = DocumentRecord(path: key, signature: signature, contentHash: nil, kind: loader.kind, title: nil,
                                    pageCount: 0, chunkCount: 0, status: .failed, error: nil, indexedAt: now)
        if status.size > configuration.maxFileSize {
            record.error = LoaderError.tooLarge(path: path, size: status.size, limit: configuration.maxFileSize).description
            try store.save(record, chunks: [IndexStore.nameChunk(key)])
            return .failed(reason: record.error!)
        }
        do {
            record.contentHash = try ContentHash.of(path)
        } catch {
            record.error = Self.describe(error, path: path)
            try store.save(record, chunks: [IndexStore.nameChunk(key)])
            return .failed(reason: record.error!)
        }
        if let stored, stored.contentHash == record.contentHash {
            try store.touch(key, signature: signature, at: now)
            return .touched
        }
        if stored?.kind == .mail { try store.purge(.inside(key)) }
        let file = SourceFile(path: path, maxSize: configuration.maxFileSize, contentHash: record.contentHash, pdf: configuration.pdf,
                              ocr: configuration.ocr, ocrCache: StoreOCRCache(store: store), ocrTurns: ocrTurns)
        return try extract(file, with: loader, into: record, stem: file.stem)
    }

    /// A file Folio does not read is known by its name (`IndexStore.recordNames`).
    func indexName(_ path: String, as key: String, signature: FileSignature, now: Int64) throws(StoreError) -> Outcome {
        if let stored = try store.storedDocument(at: key), stored.signature == signature, stored.kind == .file { return .unchanged }
        try store.recordNames([NamedFile(path: key, signature: signature)], at: now)
        return .indexed(chunks: 1)
    }

    /// Reads `file` with `loader` and writes it as `record` (its key, signature and hash
    /// set), then the files it carries (a message's attachments) as documents inside it.
    /// `stem` is the title of last resort. A failure's reason names the file as `shown`
    /// when given (an attachment's key, not the temporary copy read).
    func extract(_ file: SourceFile, with loader: any DocumentLoader, into record: DocumentRecord, stem: String,
                 shown: String? = nil) throws(StoreError) -> Outcome {
        var record = record
        // Page by page: a PDF of thousands of pages is never held whole, and once it has
        // made more chunks than `chunksHeld` they are written as they come.
        var pipeline = PagePipeline(filter: loader.kind.hasRunningHeaders ? filter : nil,
                                    chunker: loader.kind == .code ? codeChunker ?? chunker : chunker)
        var pages: [PageRecord] = []
        var parts: IndexStore.DocumentParts?
        var writeFailure: StoreError?
        var ownTitle: String?
        let document: LoadedDocument
        do {
            document = try loader.stream(file, title: { ownTitle = $0 }) { page in
                pages.append(PageRecord(number: page.number, label: page.label, ocrConfidence: page.ocrConfidence))
                pipeline.add(page)
                guard writeFailure == nil, pipeline.chunks.count >= Self.chunksHeld else { return }
                do throws(StoreError) {
                    var written: IndexStore.DocumentParts
                    if let parts {
                        written = parts
                    } else {
                        // The title is settled once there are chunks, and is written with the
                        // first part: changed at the end, it would make FTS5 delete and index
                        // every chunk of the document again (the title is in every chunk's row).
                        record.title = DocumentTitle.choose(own: ownTitle, kind: loader.kind, filteredPages: pipeline.firstPages,
                                                            fileStem: stem)
                        written = try store.begin(record)
                    }
                    try store.append(pipeline.takeChunks(), to: &written)
                    parts = written
                } catch {
                    writeFailure = error
                }
            }
        } catch .ocrDeferred {
            // A document written in parts so far stays marked as being indexed (no hash)
            // until it is read again.
            return .deferred
        } catch {
            record.error = shown.map { error.description.replacing(file.path, with: $0) } ?? error.description
            try store.save(record, chunks: shown == nil ? [IndexStore.nameChunk(record.path)] : [])
            return .failed(reason: record.error!)
        }
        pipeline.finish()
        record.title = DocumentTitle.choose(own: document.title, kind: document.kind, filteredPages: pipeline.firstPages, fileStem: stem)
        record.pageCount = pages.count
        record.fields = document.fields
        record.status = document.problems.isEmpty ? .indexed : .partial
        record.error = document.problems.isEmpty ? nil : document.problems.joined(separator: "; ")
        var chunks = pipeline.takeChunks()
        // A file with no words (a photo OCR finds nothing in, an empty page) is still found
        // by its name; an attachment (`shown`) is found through its message.
        if parts == nil, chunks.isEmpty, shown == nil { chunks = [IndexStore.nameChunk(record.path)] }
        let chunkCount = (parts?.chunkCount ?? 0) + chunks.count
        do throws(StoreError) {
            if let writeFailure { throw writeFailure }
            if let parts {
                try store.finish(parts, record: record, chunks: chunks, pages: pages)
            } else {
                try store.save(record, chunks: chunks, pages: pages)
            }
        } catch .documentGone {
            return .gone
        }
        let carried = try indexAttachments(document.attachments, of: record.path, signature: record.signature, now: record.indexedAt)
        let chunkTotal = chunkCount + carried
        return record.error.map { .partial(chunks: chunkTotal, reason: $0) } ?? .indexed(chunks: chunkTotal)
    }

    /// Chunks held before a document is written in parts: about 250,000 words, more than
    /// nearly every document has, so nearly all are replaced in one transaction.
    static let chunksHeld = 500

    private static func describe(_ failure: FileReader.Failure, path: String) -> String {
        switch failure {
        case let .system(error): LoaderError.unreadable(path: path, reason: error.reason).description
        case .notRegularFile: LoaderError.notRegularFile(path: path).description
        case let .tooLarge(size): "\(path) is \(size) bytes, too large"
        }
    }
}
