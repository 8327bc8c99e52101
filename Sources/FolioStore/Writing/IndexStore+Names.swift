public import FolioCore
internal import FolioSQLite

extension IndexStore {
    /// Records files known by their names (kind `file`), in one transaction: each a
    /// document with one chunk, its name, the file never opened. What a file held before
    /// (the documents inside a mailbox whose folder left the configuration) goes. The
    /// daemon records a walk's such files a batch at a time, without a worker: there is
    /// nothing to read, and a worker's round trip and a transaction each cost more than
    /// the writing (docs/benchmarks.md, "Every file by its name").
    ///
    /// The batch is written by a handful of statements over a temporary table rather than
    /// a few statements per file: SQLite 3.40's FTS5 writes its pending words out as a new
    /// segment at every statement that opens a statement journal (any write that fires the
    /// full-text triggers), so statements per file meant segments per file, and merging
    /// them was most of the cost.
    public func recordNames(_ files: [NamedFile], at time: Int64) throws(StoreError) {
        guard let first = files.first else { return }
        try write("record \(first.path)" + (files.count > 1 ? " and \(files.count - 1) more by name" : " by name")) { db in
            try db.execute("""
                CREATE TEMP TABLE IF NOT EXISTS named_file (
                    path TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, inode INTEGER, mime TEXT, name TEXT, name_end INTEGER)
                """, cached: true)
            try db.execute("DELETE FROM temp.named_file", cached: true)
            for file in files {
                let name = Self.nameChunk(file.path)
                try db.execute("INSERT OR REPLACE INTO temp.named_file VALUES (?, ?, ?, ?, ?, ?, ?)",
                               [file.path, file.signature.size, file.signature.modificationTimeNanoseconds, Int64(bitPattern: file.signature.inode),
                                DocumentKind.file.mimeType(path: file.path), name.text, name.endOffset], cached: true)
            }
            // The documents inside each file, then what a document at the same path held.
            try db.execute("""
                DELETE FROM document WHERE id IN (
                    SELECT d.id FROM temp.named_file n CROSS JOIN document d WHERE d.path >= n.path || '//' AND d.path < n.path || '/0')
                """, cached: true)
            for table in ["chunk", "page"] {
                try db.execute("""
                    DELETE FROM \(table) WHERE document_id IN (SELECT d.id FROM temp.named_file n CROSS JOIN document d ON d.path = n.path)
                    """, cached: true)
            }
            try db.execute("""
                INSERT INTO document (\(Self.documentColumns))
                SELECT path, size, mtime_ns, inode, NULL, ?, mime, NULL, 0, 1, ?, NULL, ? FROM temp.named_file WHERE true ORDER BY rowid
                \(Self.onPathConflict)
                """, [DocumentKind.file.rawValue, DocumentStatus.indexed.rawValue, time], cached: true)
            try db.execute("""
                INSERT INTO chunk (\(Self.chunkColumns))
                SELECT d.id, 0, 1, 1, NULL, n.name, 0, n.name_end, NULL, 0, NULL, NULL, NULL
                FROM temp.named_file n CROSS JOIN document d ON d.path = n.path ORDER BY n.rowid
                """, cached: true)
            try db.execute("DELETE FROM temp.named_file", cached: true)
        }
    }

    /// Whether the index holds any document at `path` or below it: a folder it holds
    /// nothing of is walked for the first time, and its names are worth listing first
    /// (`PendingNames`).
    public func holdsDocuments(atOrBelow path: String) throws(StoreError) -> Bool {
        try read("look for documents below \(path)") { db in
            let condition = PathScope.tree(path).condition()
            return try db.row("SELECT 1 FROM document WHERE \(condition.sql) LIMIT 1", condition.arguments) != nil
        }
    }

    /// The one chunk of a document known by its name: a file Folio does not read, or one
    /// it read no words from or failed to read. Its text is the name, what a hit shows.
    public static func nameChunk(_ path: String) -> Chunk {
        let name = String(AbsolutePath.lastComponent(path))
        return Chunk(ordinal: 0, firstPage: 1, lastPage: 1, section: nil, text: name, startOffset: 0, endOffset: name.unicodeScalars.count)
    }
}
