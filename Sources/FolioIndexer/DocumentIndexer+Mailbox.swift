internal import FolioCore
internal import FolioLoaders
internal import FolioStore
internal import FolioSystem
internal import FolioText

extension DocumentIndexer {
    /// Brings a mbox mailbox up to date: a document per message (`DocumentKey.inner("42",
    /// of: path)` for the 42nd), its attachments inside it, and a row for the file itself,
    /// without text, which holds its signature and hash and says how the reading ended.
    ///
    /// Mail is appended to a mailbox. When the file grew and its first bytes hash as the
    /// whole file did, only what follows them is read, as messages numbered on from the
    /// last; otherwise (a message deleted, the file compacted) it is read again from the
    /// start. While it is read the file's row records how far it got every
    /// `messagesPerMark` messages (the offset reached, the hash up to it, an impossible
    /// modification time), so a reading cut short (the worker stopped, its time limit)
    /// goes on from there the next time. `max_file_size` applies to each message and
    /// attachment, not to the mailbox, which may hold years of mail.
    func indexMailbox(_ path: String, as key: String, signature: FileSignature, now: Int64) throws(StoreError) -> Outcome {
        let stored = try store.storedDocument(at: key)
        if let stored, stored.signature == signature { return .unchanged }
        let stem = SourceFile(path: path, maxSize: 0).stem
        let record = DocumentRecord(path: key, signature: signature, contentHash: nil, kind: .mail, title: stem, pageCount: 0, chunkCount: 0,
                                    status: .failed, error: nil, indexedAt: now)
        if let stored, let hash = stored.contentHash, stored.status != .failed, stored.signature.size <= signature.size {
            let prefix: ContentHash.Prefix
            do {
                prefix = try ContentHash.Prefix(path)
            } catch {
                return try fail(record, LoaderError.unreadable(path: path, reason: error.reason).description).outcome
            }
            if prefix.advance(to: stored.signature.size), prefix.digest == hash {
                if stored.signature.size == signature.size, stored.signature.modificationTimeNanoseconds >= 0 {
                    try store.touch(key, signature: signature, at: now)
                    return .touched
                }
                let reading = try readMessages(path, as: key, from: stored.signature.size, numberedAfter: try store.innerCount(of: key),
                                               prefix: prefix, record: record)
                // Failed with nothing read (no message where the last reading ended): the
                // file was rewritten around the same first bytes, and is read from the start.
                guard reading.read == 0, case .failed = reading.outcome else { return reading.outcome }
            }
        }
        try store.purge(.inside(key))
        let prefix: ContentHash.Prefix
        do {
            prefix = try ContentHash.Prefix(path)
        } catch {
            return try fail(record, LoaderError.unreadable(path: path, reason: error.reason).description).outcome
        }
        return try readMessages(path, as: key, from: 0, numberedAfter: 0, prefix: prefix, record: record).outcome
    }

    /// Every how many messages a mailbox's row records how far its reading got.
    static let messagesPerMark = 500
    /// How many messages are written in one transaction.
    static let messagesPerWrite = 100

    private func readMessages(_ path: String, as key: String, from offset: Int64, numberedAfter first: Int, prefix: ContentHash.Prefix,
                              record: DocumentRecord) throws(StoreError) -> (outcome: Outcome, read: Int) {
        var record = record
        let reader: MailboxReader
        do {
            reader = try MailboxReader(path: path, from: offset, attachmentLimit: configuration.maxFileSize)
        } catch {
            return try fail(record, error.description)
        }
        var number = first
        var end = offset
        var chunks = 0
        var problems: [String] = []
        var pending: [(record: DocumentRecord, chunks: [Chunk], pages: [PageRecord])] = []
        while true {
            let message: MailboxReader.Message?
            do {
                message = try reader.next()
            } catch {
                if number == first { return try fail(record, error.description) }
                problems.append("after message \(number): \(error.description)")
                break
            }
            guard let message else { break }
            number += 1
            let key = DocumentKey.inner(String(number), of: key)
            let written = written(message.document, as: key, of: record, size: message.end - message.start)
            pending.append(written)
            chunks += written.chunks.count
            chunks += try indexAttachments(message.document.attachments, of: key, signature: written.record.signature, now: record.indexedAt)
            end = message.end
            if pending.count == Self.messagesPerWrite {
                try store.save(pending)
                pending = []
            }
            if (number - first) % Self.messagesPerMark == 0, prefix.advance(to: end) {
                var mark = record
                mark.signature.size = end
                mark.signature.modificationTimeNanoseconds = -1
                mark.contentHash = prefix.digest
                mark.status = .partial
                mark.error = "being indexed: \(number) messages read"
                try store.save(pending + [(mark, [], [])])
                pending = []
            }
        }
        try store.save(pending)
        guard prefix.advance(to: end) else {
            // The file shrank while it was read: read it again when it settles.
            return try fail(record, "\(path) changed while it was read")
        }
        record.signature.size = end
        record.contentHash = prefix.digest
        record.status = problems.isEmpty ? .indexed : .partial
        record.error = problems.isEmpty ? nil : problems.joined(separator: "; ")
        try store.save(record, chunks: [])
        return (record.error.map { .partial(chunks: chunks, reason: $0) } ?? .indexed(chunks: chunks), number - first)
    }

    /// Records the mailbox as failed, with `reason`.
    private func fail(_ record: DocumentRecord, _ reason: String) throws(StoreError) -> (outcome: Outcome, read: Int) {
        var record = record
        record.error = reason
        try store.save(record, chunks: [])
        return (.failed(reason: reason), 0)
    }

    /// One message as the document `key` inside the mailbox `mailbox`, ready to be written.
    private func written(_ message: LoadedDocument, as key: String, of mailbox: DocumentRecord,
                         size: Int64) -> (record: DocumentRecord, chunks: [Chunk], pages: [PageRecord]) {
        var pipeline = PagePipeline(filter: nil, chunker: chunker)
        message.pages.forEach { pipeline.add($0) }
        pipeline.finish()
        let signature = FileSignature(size: size, modificationTimeNanoseconds: mailbox.signature.modificationTimeNanoseconds,
                                      inode: mailbox.signature.inode)
        var record = DocumentRecord(path: key, signature: signature, contentHash: nil, kind: .mail,
                                    title: DocumentTitle.choose(own: message.title, kind: .mail, filteredPages: pipeline.firstPages,
                                                                fileStem: "message " + key.split(separator: "/").last.map(String.init)!),
                                    pageCount: message.pages.count, chunkCount: 0, status: message.problems.isEmpty ? .indexed : .partial,
                                    error: message.problems.isEmpty ? nil : message.problems.joined(separator: "; "), indexedAt: mailbox.indexedAt)
        record.fields = message.fields
        return (record, pipeline.takeChunks(), message.pages.map { PageRecord(number: $0.number, label: $0.label, ocrConfidence: nil) })
    }
}
