import Testing
import Foundation
import FolioSQLite

/// Folio's SQLite layer on real database files.
@Suite struct SQLiteDatabaseTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-sqlite-\(UUID().uuidString).sqlite").path

    private func open(busyTimeoutMilliseconds: Int32 = 5000) throws -> SQLiteDatabase {
        try SQLiteDatabase(path: path, access: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    @Test func everyValueType_isReadBackAsWritten() throws {
        let database = try open()
        let rows = try database.write { db in
            try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT, f INTEGER)")
            try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)",
                           SQLiteArguments([.integer(Int64.min), .real(-0.25), .text("é\u{0}mbedded NUL 😀"), .blob([0, 255, 7]), .null,
                                            .integer(1)]))
            return try db.rows("SELECT * FROM t")
        }
        let row = try #require(rows.first)
        #expect(row["i"] as Int64 == Int64.min)
        #expect(row["r"] as Double == -0.25)
        #expect(row["s"] as String == "é\u{0}mbedded NUL 😀")
        #expect(row.values[3] == .blob([0, 255, 7]))
        #expect(row["n"] as String? == nil)
        #expect(row["f"] as Bool == true)
        #expect(row["i"] as Int? == Int(Int64.min))
    }

    @Test func arrayLiteralArguments_takeOptionalsAsNull() throws {
        let database = try open()
        let title: String? = nil
        let count = try database.write { db in
            try db.execute("CREATE TABLE t (a TEXT, b INTEGER, c TEXT)")
            try db.execute("INSERT INTO t VALUES (?, ?, ?)", ["x", 2, title], cached: true)
            try db.execute("INSERT INTO t VALUES (?, ?, ?)", ["y", 3, "z"], cached: true)
            return try db.value(as: Int.self, "SELECT count(*) FROM t WHERE c IS NULL")
        }
        #expect(count == 1)
    }

    @Test func aThrowingWrite_isRolledBack() throws {
        struct Stop: Error {}
        let database = try open()
        try database.write { try $0.execute("CREATE TABLE t (x)") }
        #expect(throws: Stop.self) {
            try database.write { db in
                try db.execute("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(try database.read { try $0.value(as: Int.self, "SELECT count(*) FROM t") } == 0)
    }

    @Test func wrongArgumentCount_andBadSQL_areErrorsWithTheStatement() throws {
        let database = try open()
        let error = try #require(throws: SQLiteError.self) { try database.write { try $0.execute("SELECT ?, ?", [1]) } }
        #expect(error.sql == "SELECT ?, ?")
        let syntax = try #require(throws: SQLiteError.self) { try database.write { try $0.execute("SELEKT 1") } }
        #expect(syntax.message.contains("syntax error"), "\(syntax)")
    }

    /// Another connection holding the write lock past the busy timeout: the write is
    /// refused as busy (the daemon makes it later), and succeeds once the lock is gone.
    @Test func writeWhileAnotherConnectionHoldsTheLock_isBusy() throws {
        let holder = try open()
        try holder.write { db in
            try db.execute("PRAGMA journal_mode = WAL")
            try db.execute("CREATE TABLE t (x)")
        }
        let waiting = try open(busyTimeoutMilliseconds: 100)
        try holder.withoutTransaction { db in
            try db.execute("BEGIN IMMEDIATE")
            let error = try #require(throws: SQLiteError.self) { try waiting.write { try $0.execute("INSERT INTO t VALUES (1)") } }
            #expect(error.isBusy, "\(error)")
            try db.execute("COMMIT")
        }
        try waiting.write { try $0.execute("INSERT INTO t VALUES (1)") }
        #expect(try holder.read { try $0.value(as: Int.self, "SELECT count(*) FROM t") } == 1)
    }

    @Test func readOnlyConnection_refusesWrites_andCreatesNothing() throws {
        #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: path, access: .readOnly, busyTimeoutMilliseconds: 0) }
        #expect(!FileManager.default.fileExists(atPath: path))
        try open().write { try $0.execute("CREATE TABLE t (x)") }
        let reader = try SQLiteDatabase(path: path, access: .readOnly, busyTimeoutMilliseconds: 0)
        #expect(throws: SQLiteError.self) { try reader.write { try $0.execute("INSERT INTO t VALUES (1)") } }
    }
}
