internal import FolioCore
internal import FolioLoaders
internal import FolioStore

extension DocumentIndexer {
    /// Indexes the attachments of the document `key` as documents inside it
    /// (`DocumentKey.inner(name, of: key)`), each read as a file of its kind is, of the
    /// kinds read inside others (`DocumentKind.isReadInsideOthers`). An attachment over `max_file_size`, or one its loader refuses,
    /// is recorded as failed under its key, as a file would be. Their pages are recognised
    /// without waiting for the daemon's OCR turns (`OCRTurns`): put off, an attachment
    /// would be read again only when its message changes.
    func indexAttachments(_ attachments: [Attachment], of key: String, signature: FileSignature, now: Int64) throws(StoreError) -> Int {
        var names: Set<String> = []
        var chunks = 0
        for attachment in attachments {
            let name = Self.unique(DocumentKey.part(attachment.name), among: &names)
            guard let loader = registry.loader(forPath: name), loader.kind.isReadInsideOthers else { continue }
            let inner = DocumentKey.inner(name, of: key)
            let innerSignature = FileSignature(size: Int64(attachment.size), modificationTimeNanoseconds: signature.modificationTimeNanoseconds,
                                               inode: signature.inode)
            var record = DocumentRecord(path: inner, signature: innerSignature, contentHash: nil, kind: loader.kind, title: nil,
                                        pageCount: 0, chunkCount: 0, status: .failed, error: nil, indexedAt: now)
            guard let content = attachment.content, attachment.size <= configuration.maxFileSize else {
                record.error = LoaderError.tooLarge(path: inner, size: Int64(attachment.size), limit: configuration.maxFileSize).description
                try store.save(record, chunks: [])
                continue
            }
            record.contentHash = ContentHash.of(bytes: content)
            let copy: StagedFile
            do {
                copy = try StagedFile(name: name, content: content, folder: "folio-attachment")
            } catch {
                record.error = "\(inner): could not be copied out of its message to be read: \(error)"
                try store.save(record, chunks: [])
                continue
            }
            defer { copy.remove() }
            let file = SourceFile(path: copy.path, maxSize: configuration.maxFileSize, contentHash: record.contentHash, pdf: configuration.pdf,
                                  ocr: configuration.ocr, ocrCache: StoreOCRCache(store: store))
            switch try extract(file, with: loader, into: record, stem: file.stem, shown: inner) {
            case let .indexed(count), let .partial(count, _): chunks += count
            default: break
            }
        }
        return chunks
    }

    /// `name`, or `name (2)`, `name (3)`… when a message carries two attachments of one name.
    private static func unique(_ name: String, among names: inout Set<String>) -> String {
        var candidate = name
        var number = 1
        while names.contains(candidate) {
            number += 1
            let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 } ?? name.endIndex
            candidate = name[..<dot] + " (\(number))" + name[dot...]
        }
        names.insert(candidate)
        return candidate
    }
}
