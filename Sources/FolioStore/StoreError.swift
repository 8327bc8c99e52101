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
        }
    }
}
