import Testing
import Foundation
import FolioCore
import FolioSQLite
import FolioText
@testable import FolioStore

/// Each chunk's document and each document's day, size class and extension's code in blocks
/// apart from their rows (`ValueBlocks`), and the sieve a time, size or extension filter that
/// keeps a share of the documents makes of them (`ChunkSieve`), on a real index of files known
/// by name.
@Suite struct ValueBlocksTests {
    /// 2023-06-01 and 2010-06-01, in seconds.
    static let recent: Int64 = 1_685_577_600, old: Int64 = 1_275_350_400

    @Test func aBlock_givesEachRowItsValue_atEveryWidth() {
        let none = [Int64?](repeating: nil, count: 1024)
        let pairs: [Int64?] = (0..<1024).map { (number: Int) -> Int64? in Int64(number / 2 + 7) }
        let spread: [Int64?] = (0..<1024).map { (number: Int) -> Int64? in number % 3 == 0 ? nil : Int64(number) * 100_003 + 1 }
        let far: [Int64?] = [Int64(1) << 40] + Array(none.dropLast())
        let signed: [Int64?] = (0..<1024).map { (number: Int) -> Int64? in Int64(number) - 700 }
        for values in [none, pairs, spread, far, signed] {
            let blob = ValueBlocks.encoded(values)
            let width = Int(blob[0])
            #expect(blob.count == 9 + width * 1024)
            blob.withUnsafeBytes { blob in
                for (offset, value) in values.enumerated() { #expect(ValueBlocks.value(at: offset, in: blob) == value) }
                #expect(ValueBlocks.value(at: 1024, in: blob) == nil)
            }
            Array(blob.dropLast()).withUnsafeBytes { #expect(ValueBlocks.value(at: 0, in: $0) == nil, "a blob of another length") }
        }
        #expect(ValueBlocks.encoded(pairs)[0] == 2, "512 documents in two bytes each")
        #expect(ValueBlocks.encoded(spread)[0] == 4)
        #expect([-86_401, -86_400, -1, 0, 86_399, 86_400].map { ValueBlocks.inUnits($0, 86_400) } == [-2, -1, -1, 0, 0, 1])
    }

    /// Four blocks of sizes, one of each width (1, 2, 4 and 6 bytes), written as blocks 0 to 3.
    static func sizeBlocks(_ database: TemporaryDatabase) throws -> [[Int64?]] {
        _ = try IndexStore(path: database.path)
        let blocks: [[Int64?]] = [
            (0..<1024).map { (number: Int) -> Int64? in number % 5 == 0 ? nil : Int64(number % 200) },
            (0..<1024).map { (number: Int) -> Int64? in Int64(number) * 3 - 1_500 },
            (0..<1024).map { (number: Int) -> Int64? in number % 3 == 0 ? nil : Int64(number) * 100_003 + 1 },
            (0..<1024).map { (number: Int) -> Int64? in number == 7 ? Int64(1) << 40 : Int64(number) },
        ]
        #expect(blocks.map { ValueBlocks.encoded($0)[0] } == [1, 2, 4, 6])
        try SQLiteDatabase(path: database.path, access: .readWrite, busyTimeoutMilliseconds: 1000).write { db in
            for (number, values) in blocks.enumerated() {
                try db.execute("INSERT INTO document_size (block, sizes) VALUES (?, ?)", [Int64(number), ValueBlocks.encoded(values)])
            }
        }
        return blocks
    }

    static let ranges: [ValueBlocks.Ranges] = [0...99, -1_000...1_000, 150...150, 5_000_000...60_000_000, 1...(1 << 41), .min ... .max,
                                               -5_000 ... -4_000, (1 << 42) ... .max].map(ValueBlocks.Ranges.init)
        + [ValueBlocks.Ranges(each: [3, 150, 1_000]), ValueBlocks.Ranges(each: [])]

    /// The count of values within a range, at each width, against the values themselves; and
    /// the marks of those outside it made as they are counted.
    @Test func aCount_isOfTheValuesWithinTheRange_atEveryWidth() throws {
        let database = try TemporaryDatabase()
        let blocks = try Self.sizeBlocks(database)
        let reader = try IndexReader(path: database.path)
        let values = blocks.joined().compactMap { $0 }
        for within in Self.ranges.dropLast() {
            let counted = try reader.read("count") { db in
                try ValueBlocks.count(db, ValueBlocks.documentSizes, within: within, top: Int64(blocks.count * 1024 - 1))
            }
            #expect(counted?.present == Int64(values.count))
            #expect(counted?.kept == Int64(values.count(where: within.contains)), "\(within)")
            // Counted marking the rows outside: the same count, and a mark for each value outside.
            var marks: [UInt8] = []
            let marking = try reader.read("count") { db in
                try ValueBlocks.count(db, ValueBlocks.documentSizes, within: within, top: Int64(blocks.count * 1024 - 1), markingOutside: &marks)
            }
            #expect(marking?.kept == counted?.kept && marking?.present == counted?.present, "\(within)")
            #expect(marks == blocks.joined().map { value in value.map { within.contains($0) ? 0 : 1 } ?? 0 }, "\(within)")
            let rows = try reader.read("rows") { db in
                try ValueBlocks.rows(db, ValueBlocks.documentSizes, within: within, top: Int64(blocks.count * 1024 - 2))
            }
            let expected = blocks.joined().enumerated().compactMap { row, value in
                value.map(within.contains) == true && row <= blocks.count * 1024 - 2 ? Int64(row) : nil
            }
            #expect(rows == expected, "\(within)")
        }
        let beyond = try reader.read("count") { db in try ValueBlocks.count(db, ValueBlocks.documentSizes, within: ValueBlocks.Ranges(0...1), top: 5 * 1024) }
        #expect(beyond == nil, "a block missing")
        try SQLiteDatabase(path: database.path, access: .readWrite, busyTimeoutMilliseconds: 1000).write { db in
            try db.execute("UPDATE document_size SET sizes = substr(sizes, 2) WHERE block = 1")
        }
        let damaged = try reader.read("count") { db in try ValueBlocks.count(db, ValueBlocks.documentSizes, within: ValueBlocks.Ranges(0...1), top: 4 * 1024 - 1) }
        #expect(damaged == nil, "a blob not of the form counts as a block missing")
        #expect(try reader.read("rows") { db in try ValueBlocks.rows(db, ValueBlocks.documentSizes, within: ValueBlocks.Ranges(0...1), top: 4 * 1024 - 1) } == nil)
    }

    /// The marks of the rows whose values are outside ranges, at each width, against the
    /// values themselves; and the bits of rows whose values are marked cleared, block by
    /// block. A row of a block missing or not of the form is neither.
    @Test func marks_areOfTheValuesOutsideTheRanges_atEveryWidth() throws {
        let database = try TemporaryDatabase()
        let blocks = try Self.sizeBlocks(database)
        // Entries four bytes wide, from 7 to over 2²⁴ (block 2, of that width, is dropped below).
        let beyond = (0..<1024).map { (offset: Int) -> Int64? in offset % 5 == 0 ? nil : offset == 7 ? 7 : Int64(offset) + 1 << 24 }
        #expect(ValueBlocks.encoded(beyond)[0] == 4)
        try SQLiteDatabase(path: database.path, access: .readWrite, busyTimeoutMilliseconds: 1000).write { db in
            // The newest document's id is in block 6: block 9 is beyond it.
            try db.execute("""
                INSERT INTO document (id, path, size, mtime_ns, inode, kind, mime, status, indexed_at)
                VALUES (7000, '/d/newest', 1, 0, 1, 'file', 'application/octet-stream', 'indexed', 0)
                """)
            try db.execute("DELETE FROM document_size WHERE block = 2")
            try db.execute("INSERT OR REPLACE INTO document_size (block, sizes) VALUES (5, ?)", [ValueBlocks.encoded(blocks[0])])
            try db.execute("INSERT OR REPLACE INTO document_size (block, sizes) VALUES (6, ?)", [Array(ValueBlocks.encoded(blocks[1]).dropLast())])
            try db.execute("INSERT OR REPLACE INTO document_size (block, sizes) VALUES (9, ?)", [ValueBlocks.encoded(beyond)])
        }
        let reader = try IndexReader(path: database.path)
        // Each row's value as the blocks now hold it.
        let none = [Int64?](repeating: nil, count: 1024)
        let held = Array([blocks[0], blocks[1], none, blocks[3], none, blocks[0], none].joined())
        for within in Self.ranges {
            var marks: [UInt8] = [0, 0, 1]
            try reader.read("outside") { db in try ValueBlocks.markOutside(db, ValueBlocks.documentSizes, within, in: &marks) }
            let expected = held.indices.filter { $0 == 2 || held[$0].map { !within.contains($0) } ?? false }
            #expect(held.indices.filter { $0 < marks.count && marks[$0] != 0 } == expected, "\(within): and a mark made before kept")
            #expect(marks.count == held.count, "none beyond the newest document's block")
        }
        // Values below 2²⁴ + 1,000 that are multiples of 3 marked; the first 256 rows' bits (whole
        // words) and every seventh row's after set in each block made, up to one beyond the
        // newest row's: those rows' bits cleared.
        let set = (0..<1024).filter { $0 < 256 || $0 % 7 == 0 }
        var marks = [UInt8](repeating: 0, count: 1 << 24 + 1_000)
        for value in stride(from: 0, to: marks.count, by: 3) { marks[value] = 1 }
        var left: [[UInt64]] = [], passed: [Int64] = []
        try reader.read("cleared") { db in
            try ValueBlocks.forEachBlock(db, ValueBlocks.documentSizes, through: 9) { number, blob in
                var bits = [UInt64](repeating: 0, count: 16)
                for offset in set { bits[offset / 64] |= 1 << UInt64(offset % 64) }
                bits.withUnsafeMutableBufferPointer { bits in
                    marks.withUnsafeBufferPointer { marks in ValueBlocks.clearMarked(bits, in: blob, by: marks) }
                }
                passed.append(number)
                left.append(bits)
            }
        }
        #expect(passed == [0, 1, 3, 5, 6, 9], "the blocks made, in order")
        for (number, bits) in zip(passed, left) {
            let values = number == 9 ? beyond : Array(held[Int(number) * 1024..<Int(number + 1) * 1024])
            let expected = set.filter { offset in
                values[offset].map { !((0..<Int64(marks.count)).contains($0) && $0 % 3 == 0) } ?? true
            }
            #expect((0..<1024).filter { bits[$0 / 64] >> UInt64($0 % 64) & 1 != 0 } == expected, "block \(number)")
            #expect((expected.count < set.count) == (number != 6), "block \(number): some cleared, unless not of the form")
        }
    }

    /// The chunks of `increasing` that `sieve` keeps, sieved block by block as a ranking's
    /// candidates are (`ChunkSieve.forEachBlock`), which is given every block in order.
    static func keptBlockwise(_ sieve: ChunkSieve, _ db: SQLiteConnection, _ increasing: [Int64]) throws -> [Int64] {
        let last = increasing.last! / 1024
        var kept: [Int64] = [], numbers: [Int64] = []
        try sieve.forEachBlock(db, through: last) { number, clear in
            numbers.append(number)
            var bits = [UInt64](repeating: 0, count: 16)
            for chunk in increasing where chunk / 1024 == number { bits[Int(chunk % 1024) / 64] |= 1 << UInt64(chunk % 64) }
            bits.withUnsafeMutableBufferPointer { clear($0) }
            for place in 0..<1024 where bits[place / 64] >> UInt64(place % 64) & 1 != 0 { kept.append(number * 1024 + Int64(place)) }
        }
        #expect(numbers == Array(0...last))
        return kept
    }

    @Test func theBlocks_areMadeWhenTheIndexSettles_andDroppedByAWrite() throws {
        let database = try TemporaryDatabase()
        let store = try Self.index(database, files: 3_000)
        let reader = try IndexReader(path: database.path)
        let chunks = try reader.read("rows") { db in
            try db.rows("SELECT c.id, c.document_id, d.written_s, d.size, d.path FROM chunk c JOIN document d ON d.id = c.document_id")
                .map { ($0["id"] as Int64, $0["document_id"] as Int64, $0["written_s"] as Int64, $0["size"] as Int64, $0["path"] as String) }
        }
        func values(_ column: ValueBlocks.Column, of ids: [Int64]) throws -> [Int64?] {
            try reader.read("blocks") { db in try ValueBlocks.values(db, column, of: ids) }
        }
        func blocks(_ column: ValueBlocks.Column, of ids: [Int64]) throws -> [Int64: Int64] {
            let values = try values(column, of: ids)
            #expect(values.count == ids.count, "a value or nil for each id, in their order")
            return Dictionary(zip(ids, values).compactMap { id, value in value.map { (id, $0) } }, uniquingKeysWith: { first, _ in first })
        }
        let documents = try blocks(ValueBlocks.chunkDocuments, of: chunks.map(\.0))
        let days = try blocks(ValueBlocks.documentDays, of: chunks.map(\.1))
        let sizes = try blocks(ValueBlocks.documentSizes, of: chunks.map(\.1))
        let extensions = try blocks(ValueBlocks.documentExtensions, of: chunks.map(\.1))
        #expect(chunks.count == 3_000 && documents.count == 3_000 && days.count == 3_000 && sizes.count == 3_000 && extensions.count == 3_000)
        for (chunk, document, written, size, path) in chunks {
            #expect(documents[chunk] == document)
            #expect(days[document] == written / 86_400)
            #expect(sizes[document] == ValueBlocks.sizeClass(size))
            #expect(extensions[document] == ExtensionCode.of(extension: path.hasSuffix(".zip") ? "zip" : "7z"))
        }
        #expect(Set(extensions.values).count == 2)
        try store.recordNames([Self.file(3_000, modified: Self.old)], at: 2)
        let newest = try reader.read("newest") { db in try db.value(as: Int64.self, "SELECT max(id) FROM chunk")! }
        #expect(try values(ValueBlocks.chunkDocuments, of: [newest, 1, newest - 1, -1, 1]) == [nil, 1, nil, nil, 1],
                "its block dropped, the others kept")
        #expect(try blocks(ValueBlocks.documentDays, of: [3_001, 3_000, 1]) == [1: Self.recent / 86_400])
        // File 50 (document 51) was written in 2010.
        #expect(days[51] == Self.old / 86_400)
        try store.recordNames([Self.file(50, modified: Self.recent)], at: 3)
        #expect(try blocks(ValueBlocks.documentDays, of: [51]).isEmpty, "a time written drops its document's block")
        while try store.tendSearchTables() {}
        #expect(try blocks(ValueBlocks.documentDays, of: [51]) == [51: Self.recent / 86_400])
        #expect(try blocks(ValueBlocks.documentExtensions, of: [2_071]) == [2_071: ExtensionCode.of(extension: "7z")])
        #expect(try store.rename(file: Self.file(2_070, modified: Self.old).path, to: "/home/a/files/2070.tar"))
        #expect(try blocks(ValueBlocks.documentExtensions, of: [2_071]).isEmpty, "a path renamed drops its document's block")
        while try store.tendSearchTables() {}
        #expect(try blocks(ValueBlocks.documentExtensions, of: [2_071]) == [2_071: ExtensionCode.of(extension: "tar")])
        // An extension few files have: found among the documents the blocks show.
        for (value, found) in [("tar", ["/home/a/files/2070.tar"]), ("rar", []), ("7z,tar", ["/home/a/files/2070.tar"])] {
            var request = SearchRequest(query: SearchQuery(parsing: "2070"))
            try request.filters.add(field: "ext", value: value, now: Self.recent)
            #expect(try reader.search(request).map(\.path) == found, "ext:\(value)")
        }
    }

    /// A filter that keeps 2,200 of 10,000 files by their time or their extension, or 2,048
    /// by their size (two whole size classes: file N is N bytes long), is counted on the
    /// blocks and gets a sieve, and finds what it found without the blocks (each chunk's row
    /// read).
    @Test(arguments: [("date", "2023", 2_200...2_200), ("size", "5k-7167", 2_048...2_048), ("ext", "ZIP", 2_200...2_200)])
    func aSieve_changesNoResult(field: String, value: String, counted expected: ClosedRange<Int64>) throws {
        let database = try TemporaryDatabase()
        let (store, reader, request) = try Self.filtered(database, field: field, value: value)
        try SQLiteDatabase(path: database.path, access: .readWrite, busyTimeoutMilliseconds: 1000).write { db in
            for table in ["chunk_document", "document_day", "document_size", "document_extension"] { try db.execute("DELETE FROM \(table)") }
        }
        let condition = try #require(ChunkSieve.conditions(of: request.filters).first)
        func counted() throws -> (kept: Int64, present: Int64)? {
            try reader.read("count") { db in try ValueBlocks.count(db, condition.column, within: condition.ranges, top: 10_000) }
        }
        #expect(try counted() == nil, "the blocks not made: the sample decides")
        let before = try reader.search(request)
        #expect(try store.tendSearchTables(), "the blocks made again")
        while try store.tendSearchTables() {}
        let count = try #require(try counted())
        #expect(expected.contains(count.kept) && count.present == 10_000, "what the filter keeps, counted on the blocks")
        // The sieve's marks are made within a read, of its snapshot: it is used in the same one.
        let increasing = Array(stride(from: Int64(1), through: 10_000, by: 3))
        let (kept, keptOfMany, keptOfFew) = try reader.read("sieve") { db in
            let allowed = AllowedChunks()
            #expect(try allowed.chunks(db, request) == nil, "more than the most")
            let made = try #require(try allowed.sieve(db))
            return (try made.kept(db, (1...10_000).map { ScoredChunk(score: 0, chunk: Int64($0)) }).count,
                    try Self.keptBlockwise(made, db, increasing), try made.kept(db, increasing.map { ScoredChunk(score: 0, chunk: $0) }).map(\.chunk))
        }
        #expect(Int64(kept) == count.kept, "name-only files: one chunk each, chunk and document ids alike")
        #expect(keptOfMany == keptOfFew, "the many candidates' sieve keeps what the ranked chunks' keeps")
        let after = try reader.search(request)
        #expect(after.count == 50)
        #expect(after.map { $0.path } == before.map { $0.path })
        let numbers = after.map { Int($0.path.split(separator: "/").last!.split(separator: ".")[0])! }
        #expect(numbers.allSatisfy {
            switch field {
            case "date": $0 % 100 < 22
            case "ext": (40..<62).contains($0 % 100)
            default: (5_120...7_167).contains($0)
            }
        })
    }

    /// The documents' marks are made once a search: by the first pass over the blocks that
    /// sieves by them, when the filters' count did not make them, and every sieve of the
    /// search has them after (a second tier that weighs every kept chunk passes twice).
    @Test func theDocumentsMarks_areMadeOnceASearch() throws {
        let database = try TemporaryDatabase()
        let (_, reader, request) = try Self.filtered(database, field: "date", value: "2023")
        try reader.read("marks") { db in
            let allowed = AllowedChunks()
            #expect(try allowed.chunks(db, request) == nil, "more than the most")
            let first = try #require(try allowed.sieve(db, everyShare: true))
            #expect(first.outside.made == nil, "the count made none")
            try first.forEachBlock(db, through: 0) { _, _ in }
            let made = try #require(first.outside.made)
            #expect(made.count(where: { $0 != 0 }) == 10_000 - 2_200, "every document the time rules out")
            for sieve in [try allowed.sieve(db, everyShare: true), try allowed.sieve(db)] {
                #expect(try #require(sieve).outside.made == made, "the search's other sieves have them")
            }
        }
    }

    /// Ids in few of the blocks between their first and last (`ValueBlocks.fewBlocks`) are
    /// given their values from those blocks alone, each found by its number, as a walk of
    /// every block between gives them.
    @Test func theValuesOfIdsInFewBlocks_areThoseOfEveryBlockWalked() throws {
        let database = try TemporaryDatabase()
        _ = try Self.index(database, files: 7_300)
        let reader = try IndexReader(path: database.path)
        try reader.read("blocks") { db in
            let documents = Dictionary(uniqueKeysWithValues: try db.rows("SELECT id, document_id FROM chunk").map {
                ($0["id"] as Int64, $0["document_id"] as Int64)
            })
            // Blocks 0 and 7 of the 8 made, and block 976, which no write made; an id asked
            // twice and one of none.
            let few: [Int64] = [7_200, 3, 7_150, -1, 3, 1_000_000]
            #expect(3 * ValueBlocks.fewBlocks < 977)
            #expect(try ValueBlocks.values(db, ValueBlocks.chunkDocuments, of: few) == few.map { documents[$0] })
            #expect(documents[7_200] != nil && documents[3] != nil && documents[1_000_000] == nil)
            // Ids in every block: each walked.
            let every = few.dropLast() + Array(stride(from: 0, to: 7_300, by: 512))
            #expect(try ValueBlocks.values(db, ValueBlocks.chunkDocuments, of: Array(every)) == every.map { documents[$0] })
        }
    }

    /// A filter that keeps 78 of every 100 files gets no sieve, but for a ranking that sieves
    /// its many candidates before it weighs them (`LexicalStrategy.sievesEveryShare`), and that
    /// one keeps exactly the files the filter keeps.
    @Test func aSieveOfAnyShare_isMadeOnlyWhenAsked() throws {
        let database = try TemporaryDatabase()
        let (_, reader, request) = try Self.filtered(database, field: "before", value: "2023")
        try reader.read("sieve") { db in
            let allowed = AllowedChunks()
            #expect(try allowed.chunks(db, request) == nil, "more than the most")
            #expect(try allowed.sieve(db) == nil, "over a quarter of the documents")
            let sieve = try #require(try allowed.sieve(db, everyShare: true))
            #expect(abs(sieve.shareKept - 0.78) < 0.01)
            let kept = try Self.keptBlockwise(sieve, db, (1...10_000).map(Int64.init))
            let expected = try db.values(as: Int64.self, "SELECT id FROM document WHERE written_s = ? ORDER BY id", [Self.old])
            #expect(kept == expected)
            #expect(kept.count == 7_800)
        }
    }

    @Test func sizeClasses_growWithTheSize_aQuarterOfAnOctaveEach() {
        let sizes: [Int64] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 1023, 1024, 1279, 1280, 1_000_000, .max]
        let classes = sizes.map(ValueBlocks.sizeClass)
        #expect(classes == [0, 1, 5, 7, 9, 10, 11, 12, 13, 40, 41, 41, 42, 80, 252])
        for size in stride(from: Int64(1), to: 100_000, by: 7) { #expect(ValueBlocks.sizeClass(size) <= ValueBlocks.sizeClass(size + 1)) }
    }

    /// File N: "N.7z", or "N.7z.zip" for 22 of each hundred (not those written in 2023).
    static func file(_ number: Int, modified: Int64) -> NamedFile {
        NamedFile(path: "/home/a/files/\(number).7z\((40..<62).contains(number % 100) ? ".zip" : "")",
                  signature: FileSignature(size: Int64(number), modificationTimeNanoseconds: modified * 1_000_000_000, inode: UInt64(number + 1)))
    }

    /// `files` files known by name, 22 of each hundred written in 2023, the others in 2010;
    /// the search tables tended until settled.
    /// 10,000 files (`index`), and a search for `7z` with the filter `field:value`.
    static func filtered(_ database: TemporaryDatabase, field: String, value: String) throws -> (IndexStore, IndexReader, SearchRequest) {
        let store = try index(database, files: 10_000)
        var request = SearchRequest(query: SearchQuery(parsing: "7z"), limit: 50)
        try request.filters.add(field: field, value: value, now: recent)
        return (store, try IndexReader(path: database.path), request)
    }

    static func index(_ database: TemporaryDatabase, files: Int) throws -> IndexStore {
        let store = try IndexStore(path: database.path)
        let named = (0..<files).map { file($0, modified: $0 % 100 < 22 ? recent : old) }
        for batch in stride(from: 0, to: files, by: 1000) { try store.recordNames(Array(named[batch..<min(batch + 1000, files)]), at: 1) }
        while try store.tendSearchTables() {}
        return store
    }
}
