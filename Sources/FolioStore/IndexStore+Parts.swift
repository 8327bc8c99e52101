public import FolioCore
internal import GRDB

extension IndexStore {
    /// A document too long to hold whole, written in parts, each part its own transaction
    /// so other writers are not kept waiting while it is read: `begin` replaces the old
    /// version, `append` adds chunks as they are made, `finish` records the rest.
    ///
    /// Until `finish`, the row says the document is partial ("being indexed") and has no
    /// content hash and an impossible modification time: if the process dies half-way,
    /// the next reconcile sees a changed file and indexes it again.
    public struct DocumentParts: Sendable {
        let id: Int64
        public internal(set) var chunkCount = 0
    }

    public func begin(_ record: DocumentRecord) throws(StoreError) -> DocumentParts {
        var incomplete = record
        incomplete.contentHash = nil
        incomplete.signature.modificationTimeNanoseconds = -1
        incomplete.status = .partial
        incomplete.error = "being indexed"
        incomplete.chunkCount = 0
        let id = try write("save \(record.path)") { db in try Self.replace(incomplete, in: db) }
        return DocumentParts(id: id)
    }

    public func append(_ chunks: [Chunk], to parts: inout DocumentParts, path: String) throws(StoreError) {
        let id = parts.id
        try write("save \(path)") { db in try Self.insert(chunks, of: id, in: db) }
        parts.chunkCount += chunks.count
    }

    /// Adds the last chunks and the pages, and writes the finished row (its real
    /// signature, hash, title, counts and status).
    public func finish(_ parts: DocumentParts, record: DocumentRecord, chunks: [Chunk], pages: [PageRecord]) throws(StoreError) {
        var record = record
        record.chunkCount = parts.chunkCount + chunks.count
        try write("save \(record.path)") { db in
            try Self.insert(chunks, of: parts.id, in: db)
            try Self.insert(pages, of: parts.id, in: db)
            _ = try Self.upsert(record, in: db)
        }
    }
}
