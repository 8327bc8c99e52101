internal import CSQLite

/// A failure SQLite reported: its result code, its message, and the statement.
///
/// Related SQLite documentation: <https://www.sqlite.org/rescode.html>
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_IOERR_WRITE`…); its low byte
    /// is the primary code.
    public var extendedCode: Int32
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?

    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    public var code: Int32 { extendedCode & 0xFF }
    /// Another connection held a lock past the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// The filesystem holding the database is full (or the database reached its size limit).
    /// SQLite answers a shared-memory file it cannot grow (`-shm`, as a new index in WAL
    /// mode on a full disk) with an I/O error of its own, which is the same want of space.
    public var isFull: Bool { code == SQLITE_FULL || extendedCode == Self.ioErrorShmSize }

    /// `SQLITE_IOERR_SHMSIZE`, a macro Swift does not import.
    static let ioErrorShmSize = SQLITE_IOERR | 19 << 8
    /// The file is not a database, or its pages do not hold together (a disk fault, a
    /// file overwritten or cut short).
    public var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " (in \(sql.prefix(200)))" }
        return text
    }
}
