internal import GRDB

/// What went wrong with the index database, with the database's path and what to do.
public enum StoreError: Error, CustomStringConvertible {
    /// No database at the path: nothing has been indexed yet.
    case missing(path: String)
    /// The database was written by a newer Folio whose schema this binary does not know.
    case schemaTooNew(path: String, unknownMigrations: [String])
    /// A read-only client found a database older than its schema; a writer upgrades it.
    case schemaTooOld(path: String)
    /// The database directory or file could not be created or given private permissions.
    case cannotPrepare(path: String, reason: String)
    /// SQLite refused an operation.
    case database(path: String, operation: String, reason: String)
    /// The filesystem holding the database has no space left: nothing was written, and the
    /// same write succeeds once space is freed.
    case diskFull(path: String, operation: String)

    public var description: String {
        switch self {
        case let .missing(path):
            "no index at \(path); index a folder first with `folioctl index ~/Documents` (or start foliod)"
        case let .schemaTooNew(path, unknown):
            "\(path) was written by a newer Folio (schema \(unknown.joined(separator: ", "))); install that version or move the database away to start afresh"
        case let .schemaTooOld(path):
            "\(path) has an older schema; run `folioctl index` or foliod once to upgrade it"
        case let .cannotPrepare(path, reason):
            "cannot prepare \(path): \(reason)"
        case let .database(path, operation, reason):
            "\(path): \(operation) failed: \(reason)"
        case let .diskFull(path, operation):
            "\(path): \(operation) failed: the disk holding the index is full; free some space there and indexing goes on by itself"
        }
    }
}

extension StoreError {
    /// What SQLite's `error` during `operation` means for Folio: a full disk is told apart,
    /// because the daemon waits for space instead of recording the file as failed.
    static func from(_ error: any Error, path: String, operation: String) -> StoreError {
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_FULL {
            return .diskFull(path: path, operation: operation)
        }
        return .database(path: path, operation: operation, reason: "\(error)")
    }
}
