public import FolioCore
internal import FolioSQLite

extension IndexStore {
    /// Records files known by their names (kind `file`), in one transaction: each a
    /// document with one chunk, its name, the file never opened. What a file held before
    /// (the documents inside a mailbox whose folder left the configuration) goes. The
    /// daemon records a walk's such files a batch at a time, without a worker: there is
    /// nothing to read, and a worker's round trip and a transaction each cost more than
    /// the writing (docs/benchmarks.md, "Every file by its name").
    public func recordNames(_ files: [NamedFile], at time: Int64) throws(StoreError) {
        guard let first = files.first else { return }
        try write("record \(first.path)" + (files.count > 1 ? " and \(files.count - 1) more by name" : " by name")) { db in
            for file in files {
                let inside = PathScope.inside(file.path).condition()
                try db.execute("DELETE FROM document WHERE \(inside.sql)", inside.arguments, cached: true)
                let record = DocumentRecord(path: file.path, signature: file.signature, contentHash: nil, kind: .file, title: nil, pageCount: 0,
                                            chunkCount: 1, status: .indexed, error: nil, indexedAt: time)
                let id = try Self.replace(record, in: db)
                try Self.insert([Self.nameChunk(file.path)], of: id, in: db)
            }
        }
    }

    /// The one chunk of a document known by its name: a file Folio does not read, or one
    /// it read no words from or failed to read. Its text is the name, what a hit shows.
    public static func nameChunk(_ path: String) -> Chunk {
        let name = String(AbsolutePath.lastComponent(path))
        return Chunk(ordinal: 0, firstPage: 1, lastPage: 1, section: nil, text: name, startOffset: 0, endOffset: name.unicodeScalars.count)
    }
}
