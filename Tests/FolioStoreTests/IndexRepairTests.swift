import Testing
import Foundation
import FolioSQLite
import FolioStore

/// What a rebuild salvages from a damaged index: the recognised pages and the vectors whose
/// rows survive, wherever the damage is.
@Suite struct IndexRepairTests {
    /// An index of 3,000 vectors (so that the vector table has interior pages) and 20
    /// recognised pages of 6,000 characters (each longer than a page's share: overflow
    /// pages), closed so that everything is in the file itself.
    static func filled(_ temporary: TemporaryDatabase) throws -> (keys: [Int64], hashes: [String]) {
        let store = try IndexStore(path: temporary.path)
        let model = try store.embeddingModel(provider: "local", name: "all-MiniLM-L6-v2").id
        let keys = (0..<3_000).map { Int64($0) * 7_919 - 1_000_000 }
        try store.saveVectors(model: model, keys.map { key in
            (key, QuantisedVector(scale: 0.5, components: (0..<384).map { Int8(truncatingIfNeeded: Int($0) &* Int(key % 97)) }))
        })
        let hashes = (0..<20).map { String(repeating: String($0 % 10), count: 16) + "0123456789abcdef" }
        for (page, hash) in hashes.enumerated() {
            try store.cacheOCR(text: String(repeating: "recognised words of page \(page) ", count: 200), confidence: 91.5, contentHash: hash,
                               page: page + 1, languages: "eng", dpi: 300)
        }
        return (keys, hashes)
    }

    static func pages(of table: String, kind: String, in path: String) throws -> [Int64] {
        try SQLiteDatabase(path: path, access: .readOnly, busyTimeoutMilliseconds: 1000)
            .read { try $0.values(as: Int64.self, "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = ?", [table, kind]) }
    }

    static func overwrite(_ path: String, at offsets: [UInt64], count: Int) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        for offset in offsets {
            try handle.seek(toOffset: offset)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: count))
        }
    }

    /// SQLite reaches no vector under a damaged interior page, and no row at all behind a
    /// damaged header: read page by page, every one comes back, and every recognised page
    /// with its overflow.
    @Test func damagedInteriorPagesAndHeader_loseNoRowOnALeaf() throws {
        let temporary = try TemporaryDatabase()
        let (keys, hashes) = try Self.filled(temporary)
        let interior = try Self.pages(of: "vector", kind: "internal", in: temporary.path)
        #expect(!interior.isEmpty)
        try Self.overwrite(temporary.path, at: interior.map { UInt64($0 - 1) * 16_384 }, count: 16_384)
        try Self.overwrite(temporary.path, at: [0], count: 100)

        let report = try IndexRepair.rebuild(path: temporary.path, reason: "test", now: 1_800_000_000)
        #expect(report.vectors == keys.count && report.ocrPages == hashes.count, "\(report)")
        let store = try IndexStore(path: temporary.path)
        let model = try store.embeddingModel(provider: "local", name: "all-MiniLM-L6-v2").id
        #expect(try store.keysWithVectors(model: model, among: keys).count == keys.count)
        for (page, hash) in hashes.enumerated() {
            let cached = try store.cachedOCR(contentHash: hash, page: page + 1, languages: "eng", dpi: 300)
            #expect(cached?.text == String(repeating: "recognised words of page \(page) ", count: 200) && cached?.confidence == 91.5)
        }
    }

    /// Leaf pages damaged: their rows are lost, the others kept, and nothing that is not a
    /// row of those tables is taken for one.
    @Test func damagedLeafPages_costTheirRowsOnly() throws {
        let temporary = try TemporaryDatabase()
        let (keys, _) = try Self.filled(temporary)
        let leaves = try Self.pages(of: "vector", kind: "leaf", in: temporary.path)
        let damaged = stride(from: 0, to: leaves.count, by: 2).map { leaves[$0] }
        try Self.overwrite(temporary.path, at: damaged.map { UInt64($0 - 1) * 16_384 }, count: 16_384)

        let report = try IndexRepair.rebuild(path: temporary.path, reason: "test", now: 1_800_000_000)
        #expect(report.vectors > keys.count / 3 && report.vectors < keys.count * 2 / 3, "\(report)")
        #expect(report.ocrPages == 20)
        let store = try IndexStore(path: temporary.path)
        let model = try store.embeddingModel(provider: "local", name: "all-MiniLM-L6-v2").id
        #expect(try store.keysWithVectors(model: model, among: keys).count == report.vectors)
    }
}
