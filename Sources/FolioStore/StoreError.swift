internal import FolioSQLite

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
    /// Another connection held the database for longer than the busy timeout (`IndexStore`):
    /// nothing was written, and the same write is likely to succeed a moment later.
    case busy(path: String, operation: String)
    /// The database file is damaged (SQLite found pages that do not hold together, or no
    /// database at all): the index is rebuilt from the files, keeping what still reads
    /// (`IndexRepair`).
    case damaged(path: String, operation: String, reason: String)
    /// The document being written in parts (`IndexStore.begin`) was renamed or removed
    /// meanwhile (as the daemon does when its file is renamed or deleted while a worker
    /// reads it), or begun again by another writer; `document` is the path the writer had.
    case documentGone(document: String)

    public var description: String {
        switch self {
        case .missing, .schemaTooOld:
            IndexAvailability(self)!.message(keptByRunningDaemon: nil)
        case let .schemaTooNew(path, unknown):
            "\(path) was written by a newer Folio (schema \(unknown.joined(separator: ", "))); install that version or move the database away to start afresh"
        case let .cannotPrepare(path, reason):
            "cannot prepare \(path): \(reason)"
        case let .database(path, operation, reason):
            "\(path): \(operation) failed: \(reason)"
        case let .diskFull(path, operation):
            "\(path): \(operation) failed: the disk holding the index is full; free some space there and indexing goes on by itself"
        case let .busy(path, operation):
            "\(path): \(operation) failed: another process kept the index busy; foliod tries again by itself, a command can be run again"
        case let .damaged(path, operation, reason):
            IndexAvailability.damaged(path: path).message(keptByRunningDaemon: nil) + " (\(operation): \(reason))"
        case let .documentGone(document):
            "\(document) was renamed, deleted or indexed by another process while it was being indexed; this reading of it is not kept"
        }
    }
}

extension StoreError {
    /// What SQLite's `error` during `operation` means for Folio: a full disk and a busy
    /// database are told apart, because the daemon waits and tries again instead of
    /// recording the file as failed. A `StoreError` thrown inside a transaction is kept.
    static func from(_ error: any Error, path: String, operation: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? SQLiteError {
            if error.isFull { return .diskFull(path: path, operation: operation) }
            if error.isBusy { return .busy(path: path, operation: operation) }
            if error.isDamage {
                // Noted where foliod looks for it, whichever process met it.
                DamageMarker.record(path: path, reason: "\(operation): \(error.message)")
                return .damaged(path: path, operation: operation, reason: error.message)
            }
        }
        return .database(path: path, operation: operation, reason: "\(error)")
    }
}
