internal import FolioCore
internal import FolioSQLite

extension IndexStore {
    /// Moves a document to a new path without extracting it again: a file renamed or moved
    /// inside the watched folders, with the documents inside it (`DocumentKey`). A document
    /// already at `newPath` is replaced. Returns whether there was a document at `oldPath`.
    @discardableResult
    public func rename(file oldPath: String, to newPath: String) throws(StoreError) -> Bool {
        try write("rename \(oldPath)") { db in
            guard try db.value(as: Bool.self, "SELECT 1 FROM document WHERE path = ?", [oldPath]) == true else { return false }
            let target = PathScope.file(newPath).condition()
            try db.execute("DELETE FROM document WHERE \(target.sql)", target.arguments)
            let moving = PathScope.file(oldPath).condition()
            for path in try db.values(as: String.self, "SELECT path FROM document WHERE \(moving.sql)", moving.arguments) {
                try db.execute("UPDATE document SET path = ? WHERE path = ?", [newPath + path.dropFirst(oldPath.count), path], cached: true)
            }
            return true
        }
    }

    /// Moves every document below `oldDirectory` below `newDirectory`, in one transaction:
    /// a renamed or moved folder. Returns how many documents moved.
    @discardableResult
    public func rename(tree oldDirectory: String, to newDirectory: String) throws(StoreError) -> Int {
        try write("rename \(oldDirectory)") { db in
            let condition = PathScope.tree(oldDirectory).condition()
            let paths = try db.values(as: String.self, "SELECT path FROM document WHERE \(condition.sql)", condition.arguments)
            for path in paths {
                let moved = newDirectory + path.dropFirst(oldDirectory.count)
                try db.execute("DELETE FROM document WHERE path = ?", [moved], cached: true)
                try db.execute("UPDATE document SET path = ? WHERE path = ?", [moved, path], cached: true)
            }
            return paths.count
        }
    }
}
