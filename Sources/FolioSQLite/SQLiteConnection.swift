internal import CSQLite
internal import CFullText

/// The statements of one connection: only reached through `SQLiteDatabase`, which lets
/// one thread at a time use it.
public final class SQLiteConnection {
    let handle: OpaquePointer
    /// Statements kept prepared for reuse (`execute(_:_:cached:)`): a chunk insert runs
    /// thousands of times per document.
    private var cache: [String: OpaquePointer] = [:]
    /// FTS5 tokenizers by their words, made once (`fullTextTerms`): a search tokenizes each
    /// of its words and every chunk it makes a snippet of.
    var tokenizers: [[String]: OpaquePointer] = [:]

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        for statement in cache.values { sqlite3_finalize(statement) }
        for tokenizer in tokenizers.values { folio_fts_tokenizer_close(tokenizer) }
        sqlite3_close_v2(handle)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Runs one statement. `cached`: keep it prepared for the next call with the same SQL.
    public func execute(_ sql: String, _ arguments: SQLiteArguments = [], cached: Bool = false) throws(SQLiteError) {
        try run(sql, arguments, cached: cached) { _ in }
    }

    /// Runs statements separated by semicolons, without arguments (a migration's file).
    public func executeScript(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// Every row of a query.
    public func rows(_ sql: String, _ arguments: SQLiteArguments = [], cached: Bool = false) throws(SQLiteError) -> [SQLiteRow] {
        var rows: [SQLiteRow] = []
        try run(sql, arguments, cached: cached) { rows.append($0) }
        return rows
    }

    /// The first row of a query, if any.
    public func row(_ sql: String, _ arguments: SQLiteArguments = [], cached: Bool = false) throws(SQLiteError) -> SQLiteRow? {
        try rows(sql, arguments, cached: cached).first
    }

    /// The first column of every row, as `T`; rows whose value is not a `T` are left out.
    public func values<T: SQLiteValueConvertible>(as type: T.Type, _ sql: String, _ arguments: SQLiteArguments = []) throws(SQLiteError) -> [T] {
        try rows(sql, arguments).compactMap { $0.first(as: T.self) }
    }

    /// Calls `body` with each row in turn, without collecting them: for results too large
    /// to hold twice (every vector of the index).
    public func forEachRow(_ sql: String, _ arguments: SQLiteArguments = [], _ body: (SQLiteRow) -> Void) throws(SQLiteError) {
        try run(sql, arguments, cached: false, row: body)
    }

    /// Calls `body` with each row's columns read in place, without building a row: for
    /// loops over tens of thousands of rows, where a row's dictionary of names cost more
    /// than SQLite's own work. `cached`: as for `execute`, for a lookup made once per file.
    public func forEachRow(_ sql: String, _ arguments: SQLiteArguments = [], cached: Bool = false,
                           columns body: (SQLiteColumns) -> Void) throws(SQLiteError) {
        try readRows(sql, arguments, cached: cached, while: { columns in
            body(columns)
            return true
        })
    }

    /// Calls `body` with each row's columns, read in place, until it returns false: for a
    /// query whose rows come best first and whose reader needs only the first few, so that
    /// SQLite computes no row past them.
    public func readRows(_ sql: String, _ arguments: SQLiteArguments = [], cached: Bool = false,
                         while body: (SQLiteColumns) -> Bool) throws(SQLiteError) {
        let statement = try prepare(sql, cached: cached)
        defer { finish(statement, cached: cached) }
        try bind(arguments, to: statement, sql: sql)
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return }
            guard result == SQLITE_ROW else { throw error(sql) }
            guard body(SQLiteColumns(statement: statement)) else { return }
        }
    }

    /// Frees the pages this connection caches (`sqlite3_db_release_memory`): after a read
    /// that will not come again soon, such as every vector of the index.
    public func releaseMemory() {
        sqlite3_db_release_memory(handle)
    }

    /// The first column of the first row, as `T`.
    public func value<T: SQLiteValueConvertible>(as type: T.Type, _ sql: String, _ arguments: SQLiteArguments = []) throws(SQLiteError) -> T? {
        try row(sql, arguments)?.first(as: T.self)
    }

    private func run(_ sql: String, _ arguments: SQLiteArguments, cached: Bool, row: (SQLiteRow) -> Void) throws(SQLiteError) {
        let statement = try prepare(sql, cached: cached)
        defer { finish(statement, cached: cached) }
        try bind(arguments, to: statement, sql: sql)
        var names: [String: Int]?
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return }
            guard result == SQLITE_ROW else { throw error(sql) }
            let count = Int(sqlite3_column_count(statement))
            if names == nil {
                var byName: [String: Int] = [:]
                for index in (0..<count).reversed() { byName[String(cString: sqlite3_column_name(statement, Int32(index)))] = index }
                names = byName
            }
            row(SQLiteRow(names: names!, values: (0..<count).map { Self.column($0, of: statement) }))
        }
    }

    /// A cached statement is reset for its next use, another one freed.
    private func finish(_ statement: OpaquePointer, cached: Bool) {
        if cached {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        } else {
            sqlite3_finalize(statement)
        }
    }

    private func prepare(_ sql: String, cached: Bool) throws(SQLiteError) -> OpaquePointer {
        if cached, let statement = cache[sql] { return statement }
        var statement: OpaquePointer?
        let flags = UInt32(cached ? SQLITE_PREPARE_PERSISTENT : 0)
        guard sqlite3_prepare_v3(handle, sql, -1, flags, &statement, nil) == SQLITE_OK, let statement else { throw error(sql) }
        if cached { cache[sql] = statement }
        return statement
    }

    private func bind(_ arguments: SQLiteArguments, to statement: OpaquePointer, sql: String) throws(SQLiteError) {
        guard Int(sqlite3_bind_parameter_count(statement)) == arguments.values.count else {
            throw SQLiteError(extendedCode: SQLITE_RANGE, message: "\(arguments.values.count) arguments for "
                + "\(sqlite3_bind_parameter_count(statement)) parameters", sql: sql)
        }
        for (offset, value) in arguments.values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32 = switch value {
            case .null: sqlite3_bind_null(statement, index)
            case let .integer(number): sqlite3_bind_int64(statement, index, number)
            case let .real(number): sqlite3_bind_double(statement, index, number)
            case let .text(text):
                text.withCString { sqlite3_bind_text(statement, index, $0, Int32(text.utf8.count), Self.transient) }
            // An empty array's bytes have no address, which SQLite would bind as NULL.
            case let .blob(bytes) where bytes.isEmpty: sqlite3_bind_zeroblob(statement, index, 0)
            case let .blob(bytes):
                bytes.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), Self.transient) }
            }
            guard result == SQLITE_OK else { throw error(sql) }
        }
    }

    private static func column(_ index: Int, of statement: OpaquePointer) -> SQLiteValue {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite3_column_blob(statement, column), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }

    private func error(_ sql: String) -> SQLiteError {
        SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// SQLite's `SQLITE_TRANSIENT` (a macro Swift does not import): it copies the value.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
