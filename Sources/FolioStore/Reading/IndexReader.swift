public import FolioCore
internal import FolioSQLite

/// The index opened read-only, for `folioq`, `folioctl sources` and the launchers.
///
/// It never creates or migrates a database, and it never waits for a writer: in WAL mode
/// readers see the last committed state while `foliod` or `folioctl index` writes.
public final class IndexReader: Sendable {
    public let path: String
    let database: SQLiteDatabase

    /// How much of the file a reader maps into memory (`PRAGMA mmap_size`; SQLite keeps to
    /// its own maximum, 2 GiB in Debian's build, and reads any page beyond it as before). A
    /// query reads each page it needs from the mapping where it lies, instead of a `pread`
    /// and a copy into a fresh page of SQLite's cache, for each of the hundreds of pages a
    /// search reads (docs/benchmarks.md, "Readers map the file, snippets without per-scalar
    /// copies, one segment"). Only readers map it: the writers' memory stays SQLite's cache
    /// alone.
    static let mappedBytes: Int64 = 16 << 30

    /// `mapped: false` for a process that lives on and reads the vectors (the embedder,
    /// `QueryAnswerer`): every page of the mapping it touched would stay resident in it,
    /// the whole table of vectors after its first read, while SQLite's cache keeps a few
    /// megabytes.
    public init(path: String, mapped: Bool = true) throws(StoreError) {
        self.path = path
        guard DatabaseFile.exists(path) else { throw .missing(path: path) }
        do {
            database = try SQLiteDatabase(path: path, access: .readOnly, busyTimeoutMilliseconds: 5000)
            if mapped { try database.withoutTransaction { db in try db.execute("PRAGMA mmap_size = \(Self.mappedBytes)") } }
        } catch {
            throw .from(error, path: path, operation: "open read-only")
        }
        let (unknown, complete) = try read("check schema") { db in (try Schema.unknownMigrations(db), try Schema.isComplete(db)) }
        if !unknown.isEmpty { throw .schemaTooNew(path: path, unknownMigrations: unknown) }
        if !complete { throw .schemaTooOld(path: path) }
        do {
            try database.withoutTransaction { db in try db.registerRanking(rowLengths: RowLengths.blockSQL) }
        } catch {
            throw .from(error, path: path, operation: "register the ranking functions")
        }
    }

    func read<T: Sendable>(_ operation: String, _ body: (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw .from(error, path: path, operation: operation)
        }
    }
}

extension IndexReader: DocumentCatalog {
    public func documents(in scope: PathScope, status: DocumentStatus? = nil) throws(StoreError) -> [DocumentRecord] {
        try read("list documents") { db in try CatalogQueries.documents(db, in: scope, status: status) }
    }

    public func counts() throws(StoreError) -> IndexCounts {
        try read("count") { db in try CatalogQueries.counts(db) }
    }

    public func files(matching filters: SearchFilters, limit: Int) throws(StoreError) -> [DocumentRecord] {
        try read("list files") { db in try CatalogQueries.files(db, matching: filters, limit: limit, pending: PendingNames.load(beside: path)) }
    }
}
