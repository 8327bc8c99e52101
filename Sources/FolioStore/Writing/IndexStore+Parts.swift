public import FolioCore
internal import FolioSQLite

extension IndexStore {
    /// A document too long to hold whole, written in parts, each part its own transaction
    /// so other writers are not kept waiting while it is read: `begin` replaces the old
    /// version, `append` adds chunks as they are made, `finish` records the rest.
    ///
    /// Until `finish`, the row says the document is partial ("being indexed") and has no
    /// content hash and an impossible modification time (negative, drawn at random for each
    /// `begin`): if the process dies half-way, the next reconcile sees a changed file and
    /// indexes it again.
    ///
    /// Between parts the daemon may rename the row or remove it (its file was renamed or
    /// deleted meanwhile), or another writer (`folioctl index` beside the daemon) may
    /// begin the document again: each part first checks that the row is still at this
    /// path with this `begin`'s modification time, and otherwise throws
    /// `StoreError.documentGone` and writes nothing.
    public struct DocumentParts: Sendable {
        let id: Int64
        let path: String
        let mark: Int64
        public internal(set) var chunkCount = 0
    }

    public func begin(_ record: DocumentRecord) throws(StoreError) -> DocumentParts {
        var incomplete = record
        incomplete.contentHash = nil
        let mark = -Int64.random(in: 1...Int64.max)
        incomplete.signature.modificationTimeNanoseconds = mark
        incomplete.status = .partial
        incomplete.error = "being indexed"
        incomplete.chunkCount = 0
        let id = try write("save \(record.path)") { db in try Self.replace(incomplete, in: db) }
        return DocumentParts(id: id, path: record.path, mark: mark)
    }

    public func append(_ chunks: [Chunk], to parts: inout DocumentParts) throws(StoreError) {
        let written = parts
        try write("save \(parts.path)") { db in
            try Self.check(written, in: db)
            try Self.insert(chunks, of: written.id, in: db)
        }
        parts.chunkCount += chunks.count
    }

    /// Adds the last chunks and the pages, and writes the finished row (its real
    /// signature, hash, title, counts and status).
    public func finish(_ parts: DocumentParts, record: DocumentRecord, chunks: [Chunk], pages: [PageRecord]) throws(StoreError) {
        var record = record
        record.chunkCount = parts.chunkCount + chunks.count
        try write("save \(record.path)") { db in
            try Self.check(parts, in: db)
            try Self.insert(chunks, of: parts.id, in: db)
            try Self.insert(pages, of: parts.id, in: db)
            _ = try Self.upsert(record, in: db)
            try Self.write(record.fields, of: parts.id, in: db)
        }
    }

    private static func check(_ parts: DocumentParts, in db: SQLiteConnection) throws {
        let sql = "SELECT 1 FROM document WHERE id = ? AND path = ? AND mtime_ns = ?"
        guard try db.value(as: Bool.self, sql, [parts.id, parts.path, parts.mark]) == true else {
            throw StoreError.documentGone(document: parts.path)
        }
    }
}
