internal import FolioSQLite

/// A column of a table kept a block of 1024 rows per blob, apart from the rows
/// (`Migrations/v0016_filter_blocks.sql` to `v0018_extension_blocks.sql`): each chunk's
/// document, each document's day, size class and extension. A search whose filters keep a
/// share of the documents by time, size or extension learns which of its ranked chunks they
/// keep from a few dozen pages of the index, where each chunk's row is a page of its own (it
/// holds the text) and the documents' rows are a thousand pages (`ChunkSieve`).
/// The writer makes the blocks when the index settles (`IndexStore.tendSearchTables`); a
/// row whose block is missing is not known here, and is read as before.
enum ValueBlocks {
    /// Where a column's blocks are kept, and what they are made from.
    struct Column: Sendable {
        let table: String
        let blob: String
        /// Each row's id and value, for the blocks whose numbers are given as a JSON array
        /// (`?1`), from an index that holds both and none of the rows' text (or a
        /// document's path, for its extension).
        let source: String
        let newest: String
        /// What is kept of a row's value: a monotonic function of it, so that a range of
        /// values is within the range of what is kept of its ends.
        let kept: @Sendable (Int64) -> Int64
        /// What is kept of the value in the source's second column.
        let keptOfRow: @Sendable (SQLiteColumns) -> Int64
        /// Whether an index of the rows finds those with a range of values (a day's, a
        /// size's): a few rows are found there, not in every block (`rows`).
        let indexed: Bool

        /// A column of numbers the rows' index holds, kept as `kept` makes them.
        init(table: String, blob: String, source: String, newest: String, kept: @escaping @Sendable (Int64) -> Int64) {
            (self.table, self.blob, self.source, self.newest, self.kept) = (table, blob, source, newest, kept)
            keptOfRow = { kept($0.int64(1)) }
            indexed = true
        }

        /// A column of codes made from the source's second column (read in place), which no
        /// index holds.
        init(table: String, blob: String, source: String, newest: String, coded: @escaping @Sendable (UnsafeRawBufferPointer) -> Int64) {
            (self.table, self.blob, self.source, self.newest) = (table, blob, source, newest)
            kept = { $0 }
            keptOfRow = { $0.withBytes(1, coded) }
            indexed = false
        }

        /// What is kept of the values from `low` to `high` (either open).
        func kept(from low: Int64?, to high: Int64?) -> ClosedRange<Int64> {
            let first = kept(low ?? .min)
            return first...max(first, kept(high ?? .max))
        }
    }

    /// Values within one or more ranges that do not overlap (an extension's codes: ranges of
    /// one). Their bounds are kept in one array of integers: an array of ranges had its type
    /// made at run time, at every search.
    struct Ranges: Sendable {
        /// Each range's least and greatest value, in turn.
        private let bounds: [Int64]

        init(_ range: ClosedRange<Int64>) {
            bounds = [range.lowerBound, range.upperBound]
        }

        /// Each of `values` alone.
        init(each values: Set<Int64>) {
            bounds = values.sorted().flatMap { [$0, $0] }
        }

        var count: Int { bounds.count / 2 }

        func least(_ index: Int) -> Int64 { bounds[2 * index] }
        func greatest(_ index: Int) -> Int64 { bounds[2 * index + 1] }

        func contains(_ value: Int64) -> Bool {
            var index = 0
            while index < bounds.count {
                if bounds[index] <= value && value <= bounds[index + 1] { return true }
                index += 2
            }
            return false
        }
    }

    static let chunkDocuments = Column(
        table: "chunk_document", blob: "documents",
        source: "SELECT id, document_id FROM chunk WHERE id / \(block) IN (SELECT value FROM json_each(?1))",
        newest: "SELECT max(id) FROM chunk", kept: { $0 })
    static let documentDays = Column(
        table: "document_day", blob: "days",
        source: "SELECT id, written_s FROM document WHERE id / \(block) IN (SELECT value FROM json_each(?1)) AND written_s IS NOT NULL",
        newest: "SELECT max(id) FROM document", kept: { inUnits($0, 86_400) })
    static let documentSizes = Column(
        table: "document_size", blob: "sizes",
        source: "SELECT id, size FROM document WHERE id / \(block) IN (SELECT value FROM json_each(?1))",
        newest: "SELECT max(id) FROM document", kept: sizeClass)
    static let documentExtensions = Column(
        table: "document_extension", blob: "extensions",
        source: "SELECT id, path FROM document WHERE id / \(block) IN (SELECT value FROM json_each(?1))",
        newest: "SELECT max(id) FROM document", coded: ExtensionCode.of(path:))

    static let block = RowLengths.block
    /// The most blocks made in one step: each is 1024 values in memory until it is written.
    static let mostPerStep = 256
    /// A block's width byte and least value, before its entries.
    private static let header = 9

    /// The value of each of rows `ids` that its block holds (`nil` where none), in their
    /// order, read in place: a copy of every block the ids are in touched as many pages of
    /// memory again as the blocks' own. The ids are taken by block beside the blocks, which
    /// come in their order, placed by a count of each block's ids: dictionaries of the ids
    /// by block and of their values, or a sort of the ids, cost more than the blocks' reading
    /// (docs/benchmarks.md, "The sieve before the threshold").
    static func values(_ db: SQLiteConnection, _ column: Column, of ids: [Int64]) throws -> [Int64?] {
        var values = [Int64?](repeating: nil, count: ids.count)
        guard let first = ids.lazy.filter({ $0 >= 0 }).min().map({ $0 / block }), let last = ids.max().map({ $0 / block }) else {
            return values
        }
        // starts[b]..<starts[b + 1]: where block first + b's ids are in `byBlock`.
        var starts = [Int](repeating: 0, count: Int(last - first) + 2)
        for id in ids where id >= 0 { starts[Int(id / block - first) + 1] += 1 }
        for number in starts.indices.dropFirst() { starts[number] += starts[number - 1] }
        var byBlock = [Int](repeating: 0, count: starts.last!)
        var next = starts
        for (index, id) in ids.enumerated() where id >= 0 {
            byBlock[next[Int(id / block - first)]] = index
            next[Int(id / block - first)] += 1
        }
        // The blocks the ids are in, each found by its number, when they are few among those
        // from the first to the last: a walk of every block between read a page for each.
        let holding = (0...Int(last - first)).filter { starts[$0] < starts[$0 + 1] }
        let (sql, arguments): (String, SQLiteArguments) = holding.count * Self.fewBlocks < Int(last - first) + 1
            ? ("SELECT t.block, t.\(column.blob) FROM json_each(?) j CROSS JOIN \(column.table) t ON t.block = j.value",
               [IdArray.json(holding.lazy.map { first + Int64($0) })])
            : ("SELECT block, \(column.blob) FROM \(column.table) WHERE block BETWEEN ? AND ?", [first, last])
        try db.forEachRow(sql, arguments, columns: { columns in
            let number = Int(columns.int64(0) - first)
            guard starts[number] < starts[number + 1] else { return }
            columns.withBytes(1) { blob in
                for index in byBlock[starts[number]..<starts[number + 1]] {
                    values[index] = value(at: Int(ids[index] % block), in: blob)
                }
            }
        })
        return values
    }

    /// `values` finds each block it needs by its number when they are fewer than one in this
    /// many of the blocks from the first to the last it needs.
    static let fewBlocks = 3

    /// How many rows up to `top` have a value, and how many of those are `within` (one range
    /// at least), when every block up to `top`'s is made (else `nil`): each block read in place.
    static func count(_ db: SQLiteConnection, _ column: Column, within ranges: Ranges, top: Int64) throws
        -> (kept: Int64, present: Int64)? {
        try count(db, column, within: ranges, top: top) { _, _, _ in }
    }

    /// `count`, and the marks of the rows outside `ranges` (`markOutside`'s) made from the
    /// same reading of the blocks: a filter whose sieve marks every document read them twice
    /// (docs/benchmarks.md, "Both tiers in one pass"). `marks` is made as long as `top`'s
    /// block.
    static func count(_ db: SQLiteConnection, _ column: Column, within ranges: Ranges, top: Int64, markingOutside marks: inout [UInt8]) throws
        -> (kept: Int64, present: Int64)? {
        grow(&marks, through: top)
        return try marks.withUnsafeMutableBufferPointer { marks in
            try count(db, column, within: ranges, top: top) { number, blob, width in markBlock(number, blob, width: width, outside: ranges, in: marks) }
        }
    }

    /// `count`, calling `each` with every block read (its number, blob and width).
    private static func count(_ db: SQLiteConnection, _ column: Column, within ranges: Ranges, top: Int64,
                              each: (Int64, UnsafeRawBufferPointer, Int) -> Void) throws -> (kept: Int64, present: Int64)? {
        var kept: Int64 = 0, present: Int64 = 0
        let made = try forEachBlock(db, column, top: top) { number, blob, width in
            each(number, blob, width)
            // The range as entries (a value less the least plus one), compared without
            // decoding: a hundred thousand values are counted for a search.
            let least = Int64(bitPattern: littleEndian(blob, from: 1, width: 8))
            var counted: (kept: Int64, present: Int64) = (0, 0)
            for (low, high) in entryBounds(ranges, least: least) {
                switch width {
                case 1: counted = countEntries(blob, as: UInt8.self, low: low, high: high)
                case 2: counted = countEntries(blob, as: UInt16.self, low: low, high: high)
                case 4: counted = countEntries(blob, as: UInt32.self, low: low, high: high)
                default:
                    counted = (0..<Int(block)).reduce(into: (0, 0)) { counted, offset in
                        let entry = entry(at: offset, in: blob, width: width)
                        if entry > 0 { counted.present += 1 }
                        if entry >= low && entry <= high { counted.kept += 1 }
                    }
                }
                kept += counted.kept
            }
            present += counted.present
        }
        return made ? (kept, present) : nil
    }

    /// Marks (1 in `marks`, at the row's id) the rows whose blocks hold a value outside
    /// `ranges`, every block read in place: what rules out the documents of many chunks at
    /// once (`ChunkSieve.forEachBlock`), where looking up each of 30,000 chunks'
    /// documents' values cost more than weighing them. A row whose block is missing, or that
    /// has no value, is not marked. (A byte a row: bits cost a shift and an or each, a loop
    /// the compiler did not vectorise.)
    /// The blocks are those up to the newest row's (a block of a larger number, which no
    /// write makes, is passed over).
    static func markOutside(_ db: SQLiteConnection, _ column: Column, _ ranges: Ranges, in marks: inout [UInt8]) throws {
        guard let newest = try db.value(as: Int64.self, column.newest), newest >= 0 else { return }
        grow(&marks, through: newest)
        try marks.withUnsafeMutableBufferPointer { marks in
            try forEachBlock(db, column, through: newest / block) { number, blob in
                guard let width = width(of: blob) else { return }
                markBlock(number, blob, width: width, outside: ranges, in: marks)
            }
        }
    }

    /// Makes `marks` at least as long as the rows of `row`'s block and those before.
    private static func grow(_ marks: inout [UInt8], through row: Int64) {
        let rows = Int(row / block + 1) * Int(block)
        if marks.count < rows { marks += repeatElement(0, count: rows - marks.count) }
    }

    /// Marks block `number`'s rows whose values (in `blob`, entries `width` bytes wide) are
    /// outside `ranges`.
    private static func markBlock(_ number: Int64, _ blob: UnsafeRawBufferPointer, width: Int, outside ranges: Ranges,
                                  in marks: UnsafeMutableBufferPointer<UInt8>) {
        let bounds = entryBounds(ranges, least: Int64(bitPattern: littleEndian(blob, from: 1, width: 8)))
        let first = Int(number) * Int(block)
        let own = UnsafeMutableBufferPointer(rebasing: marks[first..<(first + Int(block))])
        switch width {
        case 1: markEntries(blob, as: UInt8.self, outside: bounds, in: own)
        case 2: markEntries(blob, as: UInt16.self, outside: bounds, in: own)
        case 4: markEntries(blob, as: UInt32.self, outside: bounds, in: own)
        default:
            for offset in 0..<Int(block) {
                let entry = entry(at: offset, in: blob, width: width)
                if entry > 0, !bounds.contains(where: { entry >= $0.low && entry <= $0.high }) { own[offset] = 1 }
            }
        }
    }

    /// Calls `body` with each block of `column` from `0` to `last`, in their order: its number
    /// and its blob, read in place (`clearMarked` reads it). A block not made is passed over.
    /// `body` may read the index itself, and stops the blocks with what it throws.
    static func forEachBlock(_ db: SQLiteConnection, _ column: Column, through last: Int64,
                             _ body: (Int64, UnsafeRawBufferPointer) throws -> Void) throws {
        var failure: (any Error)?
        try db.readRows("SELECT block, \(column.blob) FROM \(column.table) WHERE block BETWEEN 0 AND ? ORDER BY block", [last]) { columns in
            let number = columns.int64(0)
            columns.withBytes(1) { blob in
                do { try body(number, blob) } catch { failure = error }
            }
            return failure == nil
        }
        if let failure { throw failure }
    }

    /// Clears the bits (one a row of a block, as many as it has rows) of the rows whose value
    /// in `blob` (the block's) is marked in `marks` (a byte a value, as `markOutside` makes
    /// them); a row without a value, or any of a blob not of this form, is left.
    static func clearMarked(_ bits: UnsafeMutableBufferPointer<UInt64>, in blob: UnsafeRawBufferPointer, by marks: UnsafeBufferPointer<UInt8>) {
        guard let width = width(of: blob) else { return }
        let least = littleEndian(blob, from: 1, width: 8)
        switch width {
        case 1: clearMarkedEntries(bits, in: blob, as: UInt8.self, least: least, by: marks)
        case 2: clearMarkedEntries(bits, in: blob, as: UInt16.self, least: least, by: marks)
        case 4: clearMarkedEntries(bits, in: blob, as: UInt32.self, least: least, by: marks)
        default:
            clear(bits, where: { offset in
                let entry = entry(at: offset, in: blob, width: width)
                return entry > 0 && isMarked(least &+ entry &- 1, in: marks)
            })
        }
    }

    /// The rows up to `top` whose values are `within`, in their order, when
    /// every block up to `top`'s is made (else `nil`): for a count that showed them few, of a
    /// column no index holds, where finding them read every row (an extension, at the
    /// path's end).
    static func rows(_ db: SQLiteConnection, _ column: Column, within ranges: Ranges, top: Int64) throws -> [Int64]? {
        var rows: [Int64] = []
        let made = try forEachBlock(db, column, top: top) { number, blob, width in
            let least = littleEndian(blob, from: 1, width: 8)
            for offset in 0..<Int(block) {
                let entry = entry(at: offset, in: blob, width: width)
                if entry > 0, ranges.contains(Int64(bitPattern: least &+ entry &- 1)) { rows.append(number * block + Int64(offset)) }
            }
        }
        return made ? rows.filter { $0 <= top } : nil
    }

    /// Calls `body` with each block of `column` up to `top`'s, in their order: its number, its
    /// blob (read in place) and its entries' width. Returns whether every one is made; a blob
    /// not of this form counts as a block not made, and is passed over.
    private static func forEachBlock(_ db: SQLiteConnection, _ column: Column, top: Int64,
                                     _ body: (Int64, UnsafeRawBufferPointer, Int) -> Void) throws -> Bool {
        var blocks: Int64 = 0
        try forEachBlock(db, column, through: top / block) { number, blob in
            guard let width = width(of: blob) else { return }
            blocks += 1
            body(number, blob, width)
        }
        return blocks == top / block + 1
    }

    /// How many of a block's entries, each an `Entry`, are not 0, and how many are from
    /// `low` (1 or more) to `high`: a loop the compiler specialises for each width and
    /// vectorises, a hundred thousand entries for a count. The sums and the offset wrap
    /// (none can pass the block's 1024) and the range is one comparison in the entries' own
    /// width: sums checked for overflow, or a `for` over a range (whose end is checked at
    /// each step), kept it a loop of 8 to 18 instructions an entry.
    @inline(__always)
    private static func countEntries<Entry: FixedWidthInteger & UnsignedInteger>(
        _ blob: UnsafeRawBufferPointer, as: Entry.Type, low: UInt64, high: UInt64) -> (kept: Int64, present: Int64) {
        let largest = UInt64(Entry.max)
        let empty = low > high || low > largest
        let first = Entry(truncatingIfNeeded: low), span = Entry(truncatingIfNeeded: min(high, largest) &- low)
        var kept: UInt32 = 0, present: UInt32 = 0
        var offset = 0
        while offset < Int(block) {
            let entry = Entry(littleEndian: blob.loadUnaligned(fromByteOffset: header &+ MemoryLayout<Entry>.size &* offset, as: Entry.self))
            present &+= entry != 0 ? 1 : 0
            kept &+= entry &- first <= span ? 1 : 0
            offset &+= 1
        }
        return (empty ? 0 : Int64(kept), Int64(present))
    }

    /// `ranges` as entries of a block whose least value is `least` (a value less that plus
    /// one): the entries from `low` (1 or more) to `high` (`low` over `high`: none).
    private static func entryBounds(_ ranges: Ranges, least: Int64) -> [(low: UInt64, high: UInt64)] {
        (0..<ranges.count).map { index in
            let lowest = ranges.least(index), highest = ranges.greatest(index)
            let low = lowest <= least ? 1 : UInt64(bitPattern: lowest &- least) &+ 1
            let high = highest < least ? 0
                : UInt64(bitPattern: highest &- least) == .max ? .max : UInt64(bitPattern: highest &- least) &+ 1
            return (low, high)
        }
    }

    /// Marks in `marks` (a byte an offset) a block's entries, each an `Entry`, that are not
    /// 0 and within none of `bounds`: specialised for each width, as `countEntries` (one
    /// range, a time's or a size's, in a loop the compiler vectorises).
    @inline(__always)
    private static func markEntries<Entry: FixedWidthInteger & UnsignedInteger>(
        _ blob: UnsafeRawBufferPointer, as: Entry.Type, outside bounds: [(low: UInt64, high: UInt64)], in marks: UnsafeMutableBufferPointer<UInt8>) {
        let largest = UInt64(Entry.max)
        let spans = bounds.filter { $0.low <= $0.high && $0.low <= largest }.map {
            (first: Entry(truncatingIfNeeded: $0.low), span: Entry(truncatingIfNeeded: min($0.high, largest) &- $0.low))
        }
        func entry(_ offset: Int) -> Entry {
            Entry(littleEndian: blob.loadUnaligned(fromByteOffset: header &+ MemoryLayout<Entry>.size &* offset, as: Entry.self))
        }
        var offset = 0
        if spans.count <= 1 {
            // With no range, an entry is within none: "within" from 0 to 0 marks every entry not 0.
            let one = spans.first ?? (first: Entry(0), span: Entry(0))
            while offset < Int(block) {
                let entry = entry(offset)
                marks[offset] |= entry &- one.first <= one.span || entry == 0 ? 0 : 1
                offset &+= 1
            }
        } else {
            while offset < Int(block) {
                let entry = entry(offset)
                marks[offset] |= entry == 0 || spans.contains { entry &- $0.first <= $0.span } ? 0 : 1
                offset &+= 1
            }
        }
    }

    /// `clearMarked` for entries of one width, specialised as `countEntries`.
    @inline(__always)
    private static func clearMarkedEntries<Entry: FixedWidthInteger & UnsignedInteger>(
        _ bits: UnsafeMutableBufferPointer<UInt64>, in blob: UnsafeRawBufferPointer, as: Entry.Type, least: UInt64,
        by marks: UnsafeBufferPointer<UInt8>) {
        clear(bits, where: { offset in
            let entry = UInt64(Entry(littleEndian: blob.loadUnaligned(fromByteOffset: header &+ MemoryLayout<Entry>.size &* offset, as: Entry.self)))
            return entry > 0 && isMarked(least &+ entry &- 1, in: marks)
        })
    }

    /// Clears each set bit for which `clears` (given its offset) is true. A word of every bit
    /// set (every chunk of a block `RarerTermsFirst.everyKept` has no counts for, or of one
    /// where every chunk holds a word) is gone through offset by offset, without finding each
    /// next bit set.
    @inline(__always)
    private static func clear(_ bits: UnsafeMutableBufferPointer<UInt64>, where clears: (Int) -> Bool) {
        for word in bits.indices {
            var set = bits[word]
            if set == .max {
                var cleared: UInt64 = 0
                for bit in 0..<64 where clears(word &* 64 &+ bit) { cleared |= 1 << UInt64(bit) }
                bits[word] = ~cleared
                continue
            }
            while set != 0 {
                let bit = set.trailingZeroBitCount
                set &= set &- 1
                if clears(word &* 64 &+ bit) { bits[word] &= ~(1 << UInt64(bit)) }
            }
        }
    }

    /// Whether `value` (a row's id or a value) is marked in `marks`.
    @inline(__always)
    private static func isMarked(_ value: UInt64, in marks: UnsafeBufferPointer<UInt8>) -> Bool {
        value < UInt64(marks.count) && marks[Int(truncatingIfNeeded: value)] != 0
    }

    /// The width of a block's entries, or `nil` for a blob not of this form.
    private static func width(of blob: UnsafeRawBufferPointer) -> Int? {
        guard let first = blob.first, case let width = Int(first), (1...8).contains(width), blob.count == header + width * Int(block) else {
            return nil
        }
        return width
    }

    /// The entry at `offset` of a block of `width`.
    private static func entry(at offset: Int, in blob: UnsafeRawBufferPointer, width: Int) -> UInt64 {
        littleEndian(blob, from: header + offset * width, width: width)
    }

    /// The value at `offset` of a block's blob, or `nil` for none (or a blob not of this form).
    static func value(at offset: Int, in blob: UnsafeRawBufferPointer) -> Int64? {
        guard let width = width(of: blob), (0..<Int(block)).contains(offset) else { return nil }
        let entry = entry(at: offset, in: blob, width: width)
        guard entry > 0 else { return nil }
        return Int64(bitPattern: littleEndian(blob, from: 1, width: 8) &+ entry &- 1)
    }

    /// Blocks of `column` up to the newest row's that are missing: never made, or dropped
    /// by a write.
    static func missingBlocks(_ db: SQLiteConnection, _ column: Column) throws -> [Int64] {
        try missingBlocks(db, table: column.table, newest: column.newest)
    }

    /// The blocks of a table of blocks by number (`block`; the chunks' lengths' too) up to
    /// the block of the id `newest` selects that it does not hold.
    static func missingBlocks(_ db: SQLiteConnection, table: String, newest: String) throws -> [Int64] {
        guard let newest = try db.value(as: Int64.self, newest) else { return [] }
        let present = Set(try db.values(as: Int64.self, "SELECT block FROM \(table)"))
        return (0...newest / block).filter { !present.contains($0) }
    }

    /// Makes blocks `numbers` of `column` (at most `mostPerStep`) in one pass over its
    /// source's index: the chunks' rows, read for one block, are a megabyte of text.
    static func make(_ db: SQLiteConnection, _ column: Column, blocks numbers: [Int64]) throws {
        var values = Dictionary(uniqueKeysWithValues: numbers.map { ($0, [Int64?](repeating: nil, count: Int(block))) })
        try db.forEachRow(column.source, [IdArray.json(numbers)]) { columns in
            let id = columns.int64(0)
            values[id / block]?[Int(id % block)] = column.keptOfRow(columns)
        }
        for (number, blockValues) in values {
            try db.execute("INSERT OR REPLACE INTO \(column.table) (block, \(column.blob)) VALUES (?, ?)", [number, encoded(blockValues)],
                           cached: true)
        }
    }

    /// A size's class (`Migrations/v0017_size_blocks.sql`): 0 for none, else 1 + 4 times
    /// its whole binary logarithm + the two bits after its highest.
    static func sizeClass(_ size: Int64) -> Int64 {
        guard size > 0 else { return 0 }
        let octave = Int64(63 - size.leadingZeroBitCount)
        let quarter = octave >= 2 ? (size >> (octave - 2)) & 3 : (size << (2 - octave)) & 3
        return 1 + 4 * octave + quarter
    }

    /// `value` in whole `unit`s, rounded down (SQLite's and Swift's division round toward zero).
    static func inUnits(_ value: Int64, _ unit: Int64) -> Int64 {
        value >= 0 ? value / unit : (value + 1) / unit - 1
    }

    /// A block's blob: the width of its largest entry, its least value, then each row's
    /// value less that plus one (0: none), little-endian.
    static func encoded(_ values: [Int64?]) -> [UInt8] {
        let least = values.compactMap { $0 }.min() ?? 0
        let entries = values.map { $0.map { UInt64(bitPattern: $0 &- least) &+ 1 } ?? 0 }
        let largest = entries.max() ?? 0
        let width = max(1, (64 - largest.leadingZeroBitCount + 7) / 8)
        var blob: [UInt8] = [UInt8(width)]
        blob.reserveCapacity(header + width * values.count)
        blob += bytes(UInt64(bitPattern: least), width: 8)
        for entry in entries { blob += bytes(entry, width: width) }
        return blob
    }

    private static func bytes(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func littleEndian(_ blob: UnsafeRawBufferPointer, from start: Int, width: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (start..<start + width).reversed() { value = value << 8 | UInt64(blob[index]) }
        return value
    }
}
