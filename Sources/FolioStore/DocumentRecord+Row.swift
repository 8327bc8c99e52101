internal import FolioCore
internal import FolioSQLite

extension DocumentRecord {
    static let columns = "path, size, mtime_ns, inode, content_hash, kind, title, page_count, chunk_count, status, error, indexed_at"

    init(row: SQLiteRow) {
        self.init(
            path: row["path"],
            signature: FileSignature(size: row["size"], modificationTimeNanoseconds: row["mtime_ns"], inode: UInt64(bitPattern: row["inode"])),
            contentHash: row["content_hash"],
            kind: DocumentKind(rawValue: row["kind"]) ?? .text,
            title: row["title"],
            pageCount: row["page_count"],
            chunkCount: row["chunk_count"],
            status: DocumentStatus(rawValue: row["status"]) ?? .failed,
            error: row["error"],
            indexedAt: row["indexed_at"])
    }

    var arguments: SQLiteArguments {
        [path, signature.size, signature.modificationTimeNanoseconds, Int64(bitPattern: signature.inode), contentHash,
         kind.rawValue, kind.mimeType(path: path), title, pageCount, chunkCount, status.rawValue, error, indexedAt]
    }
}

extension PathScope {
    /// SQL condition on the path column for this scope, and its arguments.
    func condition(column: String = "path") -> (sql: String, arguments: SQLiteArguments) {
        switch self {
        case .everything:
            return ("1", [])
        case let .file(path):
            // The documents inside the file start with "path//", and sort between it and
            // "path/0".
            return ("(\(column) = ? OR (\(column) >= ? AND \(column) < ?))", [path, path + "//", path + "/0"])
        case let .document(key):
            return ("\(column) = ?", [key])
        case let .inside(path):
            return ("(\(column) >= ? AND \(column) < ?)", [path + "//", path + "/0"])
        case let .tree(directory):
            // Every path that starts with "dir/" sorts between "dir/" and "dir0" ('0' follows
            // '/' in the byte order), so the path index answers this.
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            return ("(\(column) = ? OR (\(column) >= ? AND \(column) < ?))", [directory, prefix, prefix.dropLast() + "0"])
        }
    }
}
