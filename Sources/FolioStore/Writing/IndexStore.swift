public import FolioCore
internal import FolioSQLite

/// The writable index: documents and their chunks in SQLite (WAL), shaped for incremental
/// indexing. Callers ask `storedDocument(at:)` whether a file changed, then `save` it
/// (one transaction replaces the document and all its chunks), `touch` it when only its
/// signature moved, or `purge` it.
///
/// Opening migrates the database to this binary's schema, creating it (directory 0700,
/// file 0600) when missing. Safe to use from several threads: one at a time uses its
/// connection (`SQLiteDatabase`).
public final class IndexStore: Sendable {
    public let path: String
    let database: SQLiteDatabase

    /// Opens (and migrates) the database at `path`, creating it unless `create` is false,
    /// in which case a missing database is `StoreError.missing`. A write waits up to
    /// `busyTimeoutSeconds` for another connection's transaction before it is refused
    /// (`StoreError.busy`).
    public convenience init(path: String, create: Bool = true, busyTimeoutSeconds: Int = 10) throws(StoreError) {
        if !create, !DatabaseFile.exists(path) { throw .missing(path: path) }
        try DatabaseFile.prepare(path)
        try self.init(opening: path, busyTimeoutSeconds: busyTimeoutSeconds)
    }

    /// A database in this process's memory, gone when the store is: for tests and for a
    /// library user's throwaway index (`FolioEngine.inMemory()`). Only this store's own
    /// connection sees it, so it is searched through `search` here, not an `IndexReader`.
    public static func inMemory() throws(StoreError) -> IndexStore {
        try IndexStore(opening: ":memory:", busyTimeoutSeconds: 0)
    }

    /// The page size a new index takes (below).
    static let pageSize = 16_384

    private init(opening path: String, busyTimeoutSeconds: Int) throws(StoreError) {
        self.path = path
        do {
            database = try SQLiteDatabase(path: path, access: .readWrite, busyTimeoutMilliseconds: Int32(busyTimeoutSeconds * 1000))
            try database.withoutTransaction { db in
                // 16 KiB pages: a large database is smaller than with 4 KiB (FTS5's segments
                // fill them better) and queries take as long
                // (docs/benchmarks.md, "Search at scale"). Only a new, empty file takes it.
                try db.execute("PRAGMA page_size = \(Self.pageSize)")
                // WAL: readers (folioq, the launchers) never wait for a writer, nor it for them.
                try db.execute("PRAGMA journal_mode = WAL")
                // In WAL mode NORMAL syncs at checkpoints, not at every commit: a power cut
                // may lose the last documents indexed (they are indexed again at the next
                // run) but never corrupts the database, and one fsync per document no
                // longer paces indexing. Related SQLite documentation:
                // <https://www.sqlite.org/pragma.html#pragma_synchronous>
                try db.execute("PRAGMA synchronous = NORMAL")
                // A document's chunks and pages go with it (ON DELETE CASCADE).
                try db.execute("PRAGMA foreign_keys = ON")
            }
        } catch {
            throw .from(error, path: path, operation: "open")
        }
        let (unknown, current) = try read("check schema") { db in (try Schema.unknownMigrations(db), try Schema.isComplete(db)) }
        if !unknown.isEmpty { throw .schemaTooNew(path: path, unknownMigrations: unknown) }
        // Only when there is something to apply: a worker started while another process
        // holds the database would wait for it.
        if !current {
            do {
                try Schema.migrate(database)
            } catch {
                throw .from(error, path: path, operation: "migrate")
            }
        }
        do {
            try database.withoutTransaction { db in try db.registerRanking(rowLengths: RowLengths.blockSQL) }
        } catch {
            throw .from(error, path: path, operation: "register the ranking functions")
        }
    }

    /// The stored state of the document at `path`, or `nil` if Folio has none.
    public func storedDocument(at path: String) throws(StoreError) -> DocumentRecord? {
        try read("look up \(path)") { db in
            try db.row("SELECT \(DocumentRecord.columns) FROM document WHERE path = ?", [path], cached: true)
                .map(DocumentRecord.init(row:))
        }
    }

    /// The signature and kind the index holds for the file at `path`, what a walk compares
    /// with the file's: read in place, without the whole record (a walk asks it of every
    /// file).
    public func storedSignature(at path: String) throws(StoreError) -> (signature: FileSignature, kind: DocumentKind)? {
        try read("look up \(path)") { db in
            var found: (signature: FileSignature, kind: DocumentKind)?
            try db.forEachRow("SELECT size, mtime_ns, inode, kind FROM document WHERE path = ?", [path], cached: true) { columns in
                found = (FileSignature(size: columns.int64(0), modificationTimeNanoseconds: columns.int64(1), inode: UInt64(bitPattern: columns.int64(2))),
                         DocumentKind(rawValue: columns.text(3)) ?? .text)
            }
            return found
        }
    }

    /// Replaces the document at `record.path`, all its chunks and its pages' records, in
    /// one transaction.
    public func save(_ record: DocumentRecord, chunks: [Chunk], pages: [PageRecord] = []) throws(StoreError) {
        try save([(record, chunks, pages)])
    }

    /// Replaces several documents, each as `save` does, in one transaction: a mailbox's
    /// messages, a batch at a time (a transaction each spends more on committing, the WAL's
    /// writes, than on the messages).
    public func save(_ documents: [(record: DocumentRecord, chunks: [Chunk], pages: [PageRecord])]) throws(StoreError) {
        guard let first = documents.first else { return }
        try write("save \(first.record.path)" + (documents.count > 1 ? " and \(documents.count - 1) more" : "")) { db in
            for (record, chunks, pages) in documents {
                var record = record
                record.chunkCount = chunks.count
                let id = try Self.replace(record, in: db)
                try Self.write(record.fields, of: id, in: db)
                try Self.insert(pages, of: id, in: db)
                try Self.insert(chunks, of: id, in: db)
            }
        }
    }

    /// Writes the document row and its fields, and removes what the previous version left.
    static func replace(_ record: DocumentRecord, in db: SQLiteConnection) throws -> Int64 {
        let id = try upsert(record, in: db)
        try db.execute("DELETE FROM chunk WHERE document_id = ?", [id], cached: true)
        try db.execute("DELETE FROM page WHERE document_id = ?", [id], cached: true)
        return id
    }

    /// Replaces the document's fields with `fields`.
    static func write(_ fields: [DocumentField: String], of id: Int64, in db: SQLiteConnection) throws {
        try db.execute("DELETE FROM document_field WHERE document_id = ?", [id], cached: true)
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            try db.execute("INSERT INTO document_field (document_id, name, value) VALUES (?, ?, ?)", [id, name.rawValue, value], cached: true)
        }
    }

    static func insert(_ pages: [PageRecord], of id: Int64, in db: SQLiteConnection) throws {
        for page in pages {
            try db.execute("INSERT INTO page (document_id, number, label, ocr, ocr_confidence) VALUES (?, ?, ?, ?, ?)",
                           [id, page.number, page.label, page.ocrConfidence == nil ? 0 : 1, page.ocrConfidence], cached: true)
        }
    }

    /// The columns a chunk is written with, in the order of `insert(_:of:in:)`'s values.
    static let chunkColumns = """
        document_id, ordinal, page_first, page_last, section, text, start_offset, end_offset, page_break, navigation, first_line, terms,
        outline
        """

    static func insert(_ chunks: [Chunk], of id: Int64, in db: SQLiteConnection) throws {
        for chunk in chunks {
            try db.execute("INSERT INTO chunk (\(chunkColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [id, chunk.ordinal, chunk.firstPage, chunk.lastPage, chunk.section, chunk.text,
                      chunk.startOffset, chunk.endOffset, chunk.pageBreakOffset, chunk.navigation ? 1 : 0, chunk.firstLine, chunk.terms, chunk.outline],
                cached: true)
        }
    }

    /// Records that the file at `path` could not be indexed and why, so `folioctl errors`
    /// lists it and it is not tried again until it changes. A failure already recorded
    /// with the same reason and signature is left as it is (walks report it every time).
    public func recordFailure(_ path: String, kind: DocumentKind, signature: FileSignature, reason: String, at time: Int64) throws(StoreError) {
        if let stored = try storedDocument(at: path), stored.status == .failed, stored.error == reason, stored.signature == signature { return }
        try save(DocumentRecord(path: path, signature: signature, contentHash: nil, kind: kind, title: nil, pageCount: 0, chunkCount: 0,
                                status: .failed, error: reason, indexedAt: time), chunks: [])
    }

    /// Records a new signature for a file whose content did not change (same hash).
    public func touch(_ path: String, signature: FileSignature, at time: Int64) throws(StoreError) {
        try write("update \(path)") { db in
            try db.execute("UPDATE document SET size = ?, mtime_ns = ?, inode = ?, indexed_at = ? WHERE path = ?",
                           [signature.size, signature.modificationTimeNanoseconds, Int64(bitPattern: signature.inode), time, path])
        }
    }

    /// Removes the documents in `scope` and everything derived from them; returns how many.
    @discardableResult
    public func purge(_ scope: PathScope) throws(StoreError) -> Int {
        try write("forget") { db in
            let condition = scope.condition()
            try db.execute("DELETE FROM document WHERE \(condition.sql)", condition.arguments)
            return db.changes
        }
    }

    /// Shrinks the file after large deletions, giving the space back to the filesystem, and
    /// leaves no trace of what was deleted: FTS5 keeps a deleted word in its older segments
    /// (beside a deletion marker) until they are merged, so they are merged first, and the
    /// WAL, which holds copies of old pages, is emptied after.
    public func vacuum() throws(StoreError) {
        do {
            try database.write { db in try db.execute("INSERT INTO chunk_fts(chunk_fts) VALUES ('optimize')") }
            try database.withoutTransaction { db in
                try db.execute("VACUUM")
                try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
        } catch {
            throw .from(error, path: path, operation: "vacuum")
        }
    }

    /// The paths of the documents in `scope`, sorted.
    public func paths(in scope: PathScope) throws(StoreError) -> [String] {
        try read("list") { db in
            let condition = scope.condition()
            // Read in place: a walk's end lists every file of the tree.
            var paths: [String] = []
            try db.forEachRow("SELECT path FROM document WHERE \(condition.sql) ORDER BY path", condition.arguments) { paths.append($0.text(0)) }
            return paths
        }
    }

    /// The columns a document is written with, in the order of `DocumentRecord.arguments`.
    static let documentColumns = "path, size, mtime_ns, inode, content_hash, kind, mime, title, page_count, chunk_count, status, error, indexed_at"

    /// What writing a document at a path the index holds does: every column but the id
    /// (which the chunks and pages name) from the new row.
    static let onPathConflict = """
        ON CONFLICT (path) DO UPDATE SET
            size = excluded.size, mtime_ns = excluded.mtime_ns, inode = excluded.inode,
            content_hash = excluded.content_hash, kind = excluded.kind, mime = excluded.mime, title = excluded.title,
            page_count = excluded.page_count, chunk_count = excluded.chunk_count, status = excluded.status,
            error = excluded.error, indexed_at = excluded.indexed_at
        """

    static func upsert(_ record: DocumentRecord, in db: SQLiteConnection) throws -> Int64 {
        try db.execute("INSERT INTO document (\(documentColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \(onPathConflict)",
                       record.arguments, cached: true)
        return try db.row("SELECT id FROM document WHERE path = ?", [record.path], cached: true)!.first(as: Int64.self)!
    }

    /// `operation` is said only when it fails: a walk looks up every file, and the
    /// description names it.
    func read<T: Sendable>(_ operation: @autoclosure () -> String, _ body: (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw .from(error, path: path, operation: operation())
        }
    }

    func write<T: Sendable>(_ operation: @autoclosure () -> String, _ body: (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw .from(error, path: path, operation: operation())
        }
    }
}

extension IndexStore {
    /// Makes the documents in `scope` look changed, so the next walk extracts them again
    /// (`folioctl reindex`): their signature and content hash are cleared.
    public func invalidate(_ scope: PathScope) throws(StoreError) {
        try write("reindex") { db in
            let condition = scope.condition()
            try db.execute("UPDATE document SET mtime_ns = -1, content_hash = NULL WHERE \(condition.sql)", condition.arguments)
        }
    }
}
