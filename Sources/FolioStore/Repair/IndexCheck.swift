internal import FolioSQLite

/// SQLite's quick check of the index (`PRAGMA quick_check`: every page of every table and
/// index read and its b-tree structure checked, without matching indexes to their tables):
/// for foliod after an unclean stop, when a page written last may not have reached the
/// disk, and damage would otherwise wait until a search or a write meets it.
public enum IndexCheck {
    /// Checks the index at `path` on a read-only connection of its own, so that foliod
    /// writes and answers meanwhile. Damage found is noted (`DamageMarker`), where foliod
    /// looks for it and rebuilds; returns what the check found, `nil` when the index is
    /// sound.
    public static func quick(path: String) throws(StoreError) -> String? {
        let problems: [String]
        do {
            let database = try SQLiteDatabase(path: path, access: .readOnly, busyTimeoutMilliseconds: 5000)
            problems = try database.read { db in try db.rows("PRAGMA quick_check(10)").compactMap { String.from($0.values.first ?? .null) } }
        } catch {
            // SQLite may meet the damage as an error rather than report it: noted all the same.
            let failure = StoreError.from(error, path: path, operation: "quick check")
            if case let .damaged(_, operation, reason) = failure { return "\(operation): \(reason)" }
            throw failure
        }
        guard problems != ["ok"] else { return nil }
        let found = "quick check after an unclean stop: " + problems.prefix(3).joined(separator: "; ")
        DamageMarker.record(path: path, reason: found)
        return found
    }
}
