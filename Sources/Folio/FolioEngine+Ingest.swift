internal import FoundationEssentials
internal import FolioCore
internal import FolioIndexer
internal import FolioStore
internal import FolioSystem
internal import Glibc

extension FolioEngine {
    /// Reads a document into the index as `sourceId`, replacing what that source held, and
    /// says how many pages and chunks it now has.
    ///
    /// A file's source identifier is its absolute path unless one is given; text and data
    /// need one. Ingesting the same content again under the same identifier reads nothing
    /// (`IngestResult.Outcome.unchanged`). A file that cannot be read is recorded as
    /// failed under its identifier (`listSources` shows why) and throws `unreadable`.
    @discardableResult
    public func ingest(_ input: IngestInput, sourceId: String? = nil) throws(FolioEngineError) -> IngestResult {
        guard let store = index.store else { throw .readOnly(operation: "ingest") }
        switch input {
        case let .file(url):
            guard url.isFileURL else { throw .notAFile(url.absoluteString) }
            let path = url.standardizedFileURL.path
            return try ingest(path: path, as: sourceId ?? path, into: store)
        case let .text(text, name):
            guard let sourceId = sourceId ?? name else { throw .sourceIdRequired }
            let fileName = Self.stagedName(name ?? sourceId, extension: nil)
            return try staged(Data(text.utf8), fileName: registryReads(fileName) ? fileName : fileName + ".txt", as: sourceId, into: store)
        case let .data(data, fileExtension):
            guard let sourceId else { throw .sourceIdRequired }
            return try staged(data, fileName: Self.stagedName(sourceId, extension: fileExtension), as: sourceId, into: store)
        }
    }

    private func ingest(path: String, as sourceId: String, into store: IndexStore, shownPath: String? = nil) throws(FolioEngineError) -> IngestResult {
        let status: FileStatus
        do {
            // A file named by the caller is read through a symbolic link (the daemon, which
            // finds files itself, never follows one).
            status = try FileStatus.following(path)
        } catch {
            throw .unreadable(sourceId: sourceId, reason: error.description)
        }
        guard status.kind == .regular else { throw .unreadable(sourceId: sourceId, reason: "\(shownPath ?? path) is not a regular file") }
        // Content handed over is to be read: a kind no loader reads is refused, not kept by
        // its name as the daemon keeps such files.
        guard registryReads(path) || FileKinds().isMailbox(path) else { throw .unsupportedType(sourceId: sourceId, name: shownPath ?? path) }
        let outcome: DocumentIndexer.Outcome
        do {
            outcome = try indexer(store).index(path, status: status, now: Int64(time(nil)), as: sourceId)
        } catch {
            throw .store(error)
        }
        // A staged file's temporary path means nothing to the caller: its reasons name the source.
        func reason(_ text: String) -> String { shownPath.map { text.replacing(path, with: $0) } ?? text }
        switch outcome {
        case let .indexed(chunks):
            return try result(sourceId, chunks: chunks, outcome: .indexed, store: store)
        case let .partial(chunks, why):
            return try result(sourceId, chunks: chunks, outcome: .partial(reason: reason(why)), store: store)
        case .unchanged, .touched:
            return try result(sourceId, chunks: nil, outcome: .unchanged, store: store)
        case let .failed(why):
            throw .unreadable(sourceId: sourceId, reason: reason(why))
        case .unsupported:
            throw .unsupportedType(sourceId: sourceId, name: shownPath ?? path)
        case .deferred, .gone:
            throw .unreadable(sourceId: sourceId, reason: "\(shownPath ?? path) changed or went away while it was read; ingest it again")
        }
    }

    private func result(_ sourceId: String, chunks: Int?, outcome: IngestResult.Outcome, store: IndexStore) throws(FolioEngineError) -> IngestResult {
        let record: DocumentRecord?
        do {
            record = try store.storedDocument(at: sourceId)
        } catch {
            throw .store(error)
        }
        return IngestResult(sourceId: sourceId, pages: record?.pageCount ?? 0, chunks: chunks ?? record?.chunkCount ?? 0, outcome: outcome)
    }

    /// Writes text or data to a private folder of its own, reads it from there as
    /// `sourceId`, and removes it: every loader reads files, and the same loaders read
    /// everything.
    private func staged(_ data: Data, fileName: String, as sourceId: String, into store: IndexStore) throws(FolioEngineError) -> IngestResult {
        let file: StagedFile
        do {
            file = try StagedFile(name: fileName, content: Array(data), folder: "folio-ingest")
        } catch {
            throw .cannotStage(sourceId: sourceId, reason: "\(error)")
        }
        defer { file.remove() }
        return try ingest(path: file.path, as: sourceId, into: store, shownPath: fileName)
    }

    private func registryReads(_ fileName: String) -> Bool {
        registry.withLock { $0.loader(forPath: fileName) != nil }
    }

    /// A file name for staged content: the identifier's last component, without anything
    /// a file name cannot hold, and the extension that chooses the loader.
    static func stagedName(_ sourceId: String, extension fileExtension: String?) -> String {
        var stem = String((sourceId.split(separator: "/").last.map(String.init) ?? "source").prefix(100))
        if stem.isEmpty || stem == "." || stem == ".." { stem = "source" }
        guard let fileExtension else { return stem }
        return stem + "." + (fileExtension.hasPrefix(".") ? String(fileExtension.dropFirst()) : fileExtension)
    }
}
