import Testing
@testable import FolioStore
import FolioSQLite

/// Ids as the JSON array SQLite's `json_each` reads, written digit by digit.
@Suite struct IdArrayTests {
    @Test func ids_areTheNumbersJSONEachReads() throws {
        let ids: [Int64] = [0, 7, -1, 10, 1 << 32 | 5, .max, .min, 1_000_000_007]
        #expect(IdArray.json(ids) == "[" + ids.map(String.init).joined(separator: ",") + "]")
        #expect(IdArray.json([Int64]()) == "[]")
        let database = try SQLiteDatabase(path: ":memory:", access: .readWrite, busyTimeoutMilliseconds: 0)
        let read = try database.read { db in try db.values(as: Int64.self, "SELECT value FROM json_each(?) ORDER BY key", [IdArray.json(ids)]) }
        #expect(read == ids)
    }
}
