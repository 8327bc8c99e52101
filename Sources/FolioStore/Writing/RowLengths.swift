internal import FolioSQLite

/// The chunks' lengths in tokens, a block of them per row (`Migrations/v0005_row_lengths.sql`),
/// which Folio's ranking functions read instead of asking FTS5 chunk by chunk.
enum RowLengths {
    /// What the ranking functions run for block `?1`.
    static let blockSQL = "SELECT tokens FROM chunk_length WHERE block = ?1"
    static let block = SQLiteConnection.rowLengthBlock

    /// Blocks up to the newest chunk's that are missing: never made, or dropped by a write.
    static func missingBlocks(_ db: SQLiteConnection) throws -> [Int64] {
        try ValueBlocks.missingBlocks(db, table: "chunk_length", newest: "SELECT max(id) FROM chunk")
    }

    /// Makes `number`'s block from FTS5's own counts, the rows of its `docsize` table: a
    /// varint per column (SQLite's: groups of 7 bits, high bit set when more follow;
    /// <https://www.sqlite.org/fts5.html>, appendix "FTS5 data structures"). FTS5 gives
    /// them through its API only to a query that matches the row. A row that does not read
    /// as one varint per column, or a chunk over 65,535 tokens (two bytes), stays 0:
    /// unknown, FTS5 is asked for it.
    static func make(_ db: SQLiteConnection, block number: Int64) throws {
        var tokens = [UInt8](repeating: 0, count: 2 * Int(block))
        let first = number * block
        for row in try db.rows("SELECT id, sz FROM chunk_fts_docsize WHERE id BETWEEN ? AND ?", [first, first + block - 1]) {
            let chunk: Int64 = row["id"], sizes: [UInt8] = row["sz"]
            guard let length = total(ofVarints: sizes, count: FullTextIndex.columns), let count = UInt16(exactly: length) else { continue }
            let at = 2 * Int(chunk - first)
            tokens[at] = UInt8(count & 0xff)
            tokens[at + 1] = UInt8(count >> 8)
        }
        try db.execute("INSERT OR REPLACE INTO chunk_length (block, tokens) VALUES (?, ?)", [number, tokens], cached: true)
    }

    /// The sum of `count` varints that fill `bytes` exactly, or nil.
    static func total(ofVarints bytes: [UInt8], count: Int) -> Int? {
        var total = 0, value = 0, read = 0, width = 0
        for byte in bytes {
            value = value << 7 | Int(byte & 0x7f)
            width += 1
            guard width <= 4 else { return nil }
            if byte & 0x80 == 0 {
                total += value
                read += 1
                value = 0
                width = 0
            }
        }
        return read == count && width == 0 ? total : nil
    }
}
