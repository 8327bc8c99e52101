internal import CSQLite
internal import Glibc
internal import Synchronization

/// One SQLite connection, shared by the threads of a process one at a time: Folio's
/// programs each do their database work on one thread (the daemon's loop, a worker, a
/// command), and the launchers' searches are short. Reads run in a deferred transaction
/// (one snapshot for all their statements); writes in an immediate one, so that waiting
/// for another writer happens at the start, within the busy timeout, and never half-way.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/intro.html>
public final class SQLiteDatabase: Sendable {
    public enum Access: Sendable {
        /// Read and write; the file is created when missing.
        case readWrite
        /// Never writes (nor creates) anything, not even the WAL's index.
        case readOnly
    }

    public let path: String
    private let connection: Mutex<SQLiteConnection>

    /// Opens the database at `path` (`":memory:"` for one in memory). A statement waits up
    /// to `busyTimeoutMilliseconds` for another connection's lock before it fails with
    /// `SQLITE_BUSY`.
    public init(path: String, access: Access, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        self.path = path
        _ = Self.configured
        var handle: OpaquePointer?
        let flags = (access == .readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
            sqlite3_close_v2(handle)
            throw SQLiteError(extendedCode: result, message: message)
        }
        Self.waitWhenBusy(handle, upTo: busyTimeoutMilliseconds)
        connection = Mutex(SQLiteConnection(handle: handle))
    }

    /// SQLite's process-wide settings, made before its first connection initialises it
    /// (`folio_sqlite_config_without_first_block`). Made too late (SQLite initialised by
    /// other code first) it changes nothing and costs only the page faults it spares.
    private static let configured: Void = { _ = folio_sqlite_config_without_first_block() }()

    /// Waits for another connection's lock by trying again every half millisecond, up to
    /// `milliseconds`. SQLite's own busy timeout backs off to 100 ms between tries: two
    /// workers writing documents in turn slept 4.6 s over one index of 320 office files
    /// (under strace), most of it after the lock was free again.
    ///
    /// Related SQLite documentation: <https://www.sqlite.org/c3ref/busy_handler.html>
    private static func waitWhenBusy(_ handle: OpaquePointer, upTo milliseconds: Int32) {
        guard milliseconds > 0 else { return }
        sqlite3_busy_handler(handle, { context, tries in
            guard tries < Int32(truncatingIfNeeded: Int(bitPattern: context)) else { return 0 }
            usleep(500)
            return 1
        }, UnsafeMutableRawPointer(bitPattern: Int(milliseconds) * 2))
    }

    /// Runs `body` in a read transaction: every statement sees the same committed state.
    public func read<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try inTransaction("BEGIN DEFERRED", body)
    }

    /// Runs `body` in a write transaction, committed when it returns and rolled back when
    /// it throws.
    public func write<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try inTransaction("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` outside any transaction: for what SQLite refuses inside one (`VACUUM`,
    /// some pragmas), and for a caller that manages its own.
    public func withoutTransaction<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try connection.withLock { connection in try body(connection) }
    }

    private func inTransaction<T: Sendable>(_ begin: String, _ body: (SQLiteConnection) throws -> T) throws -> T {
        try connection.withLock { connection in
            // Kept prepared: a walk looks every file up in a transaction of its own.
            try connection.execute(begin, cached: true)
            do {
                let result = try body(connection)
                try connection.execute("COMMIT", cached: true)
                return result
            } catch {
                if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
                throw error
            }
        }
    }
}
