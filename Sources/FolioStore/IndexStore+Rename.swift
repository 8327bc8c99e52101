internal import GRDB

extension IndexStore {
    /// Moves a document to a new path without extracting it again: a file renamed or moved
    /// inside the watched folders. A document already at `newPath` is replaced. Returns
    /// whether there was a document at `oldPath`.
    @discardableResult
    public func rename(file oldPath: String, to newPath: String) throws(StoreError) -> Bool {
        try write("rename \(oldPath)") { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM document WHERE path = ?", arguments: [oldPath]) == true else { return false }
            try db.execute(sql: "DELETE FROM document WHERE path = ?", arguments: [newPath])
            try db.execute(sql: "UPDATE document SET path = ? WHERE path = ?", arguments: [newPath, oldPath])
            return true
        }
    }

    /// Moves every document below `oldDirectory` below `newDirectory`, in one transaction:
    /// a renamed or moved folder. Returns how many documents moved.
    @discardableResult
    public func rename(tree oldDirectory: String, to newDirectory: String) throws(StoreError) -> Int {
        try write("rename \(oldDirectory)") { db in
            let condition = PathScope.tree(oldDirectory).condition()
            let paths = try String.fetchAll(db, sql: "SELECT path FROM document WHERE \(condition.sql)", arguments: condition.arguments)
            let update = try db.cachedStatement(sql: "UPDATE document SET path = ? WHERE path = ?")
            let deleteTarget = try db.cachedStatement(sql: "DELETE FROM document WHERE path = ?")
            for path in paths {
                let moved = newDirectory + path.dropFirst(oldDirectory.count)
                try deleteTarget.execute(arguments: [moved])
                try update.execute(arguments: [moved, path])
            }
            return paths.count
        }
    }
}
