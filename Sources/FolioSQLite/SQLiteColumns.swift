internal import CSQLite

/// The columns of the row a statement is on, read by position (`SQLiteConnection.forEachRow(_:_:columns:)`).
public struct SQLiteColumns {
    let statement: OpaquePointer

    public func int64(_ index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    public func double(_ index: Int32) -> Double {
        sqlite3_column_double(statement, index)
    }

    /// A text (empty for NULL).
    public func text(_ index: Int32) -> String {
        sqlite3_column_text(statement, index).map { String(cString: $0) } ?? ""
    }

    /// A blob's bytes (a text's, or none for NULL).
    public func bytes(_ index: Int32) -> [UInt8] {
        guard let pointer = sqlite3_column_blob(statement, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, index))))
    }
}

extension SQLiteColumns {
    /// A blob's bytes in place, valid only inside `body`: for rows read by the hundred
    /// thousand, each copied otherwise.
    public func withBytes<Result>(_ index: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, index), count: Int(sqlite3_column_bytes(statement, index))))
    }
}
