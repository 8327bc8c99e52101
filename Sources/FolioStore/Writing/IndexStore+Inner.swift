internal import FolioSQLite

extension IndexStore {
    /// How many documents lie directly inside the file at `path` (`DocumentKey`): a
    /// mailbox's messages, not their attachments. A mailbox read on from where its last
    /// reading ended numbers its new messages after them.
    public func innerCount(of path: String) throws(StoreError) -> Int {
        try read("count the documents in \(path)") { db in
            let prefix = path + "//"
            return try db.value(as: Int.self, """
                SELECT count(*) FROM document WHERE path >= ? AND path < ? AND instr(substr(path, ?), '/') = 0
                """, [prefix, path + "/0", prefix.unicodeScalars.count + 1]) ?? 0
        }
    }
}
