internal import FolioSQLite
internal import FolioCore

/// Rules out ranked chunks whose documents a search's time, size or extension filter does
/// not keep, from the blocks of the chunks' documents and of the documents' days, size
/// classes and extensions' codes (`ValueBlocks`), before the chunks' rows are read: ten
/// results of a filter that keeps a tenth of the documents take some hundred ranked chunks,
/// each row a page of the index of its own, where the blocks are a few dozen pages
/// (docs/benchmarks.md, "Chunks' documents apart from their text").
/// A chunk or document whose block is not made is kept, and every chunk kept is checked
/// against all the filters on its row, as before; so is a document written on the first
/// or last day of the filter's time, of the size class of either of its bounds, or with an
/// extension whose code is an asked-for one's.
struct ChunkSieve {
    /// The largest share of the documents kept that a sieve is made for: over it, the
    /// ranked chunks read before ten results are few, and reading the blocks costs more.
    static let share = 0.25

    /// What a document kept has: of a column, a value within the ranges. (A struct: an array
    /// of tuples had its type made at run time, at every search.)
    struct Condition {
        let column: ValueBlocks.Column
        let ranges: ValueBlocks.Ranges
    }

    private let conditions: [Condition]
    /// The share of the documents the filters keep (at most `share`, unless a ranking asked
    /// for a sieve of any share), as the search estimated it: of a ranking's best chunks,
    /// about how many it keeps.
    let shareKept: Double
    /// Every document's mark, 1 where the conditions rule it out, when made: by the filters'
    /// count (`AllowedChunks`), or by the first pass over the blocks that sieves by them
    /// (`forEachBlock`), for the search's other passes and sieves. A second tier that weighs
    /// every kept chunk passes over the blocks twice, and made them twice (docs/benchmarks.md,
    /// "Every kept chunk, fewer weighed").
    final class Marks {
        var made: [UInt8]?

        init(_ made: [UInt8]? = nil) {
            self.made = made
        }
    }

    let outside: Marks

    /// `nil` when the filters give no time, size or extension. `outside`: the search's marks
    /// (a sieve of its own makes its own).
    init?(_ filters: SearchFilters, keeping shareKept: Double, outside: Marks = Marks()) {
        conditions = Self.conditions(of: filters)
        guard !conditions.isEmpty else { return nil }
        self.shareKept = shareKept
        self.outside = outside
    }

    /// The filters' time, size and extensions as conditions on the documents' blocks: the
    /// days, the size classes and the extensions' codes a document they keep may have.
    static func conditions(of filters: SearchFilters) -> [Condition] {
        var conditions: [Condition] = []
        if let time = filters.time {
            conditions.append(Condition(column: ValueBlocks.documentDays,
                                        ranges: ValueBlocks.Ranges(ValueBlocks.documentDays.kept(from: time.from, to: time.until.map { $0 - 1 }))))
        }
        if let size = filters.size {
            conditions.append(Condition(column: ValueBlocks.documentSizes,
                                        ranges: ValueBlocks.Ranges(ValueBlocks.documentSizes.kept(from: size.least, to: size.most))))
        }
        if !filters.extensions.isEmpty {
            let codes = Set(filters.extensions.map { ExtensionCode.of(extension: $0) })
            conditions.append(Condition(column: ValueBlocks.documentExtensions, ranges: ValueBlocks.Ranges(each: codes)))
        }
        return conditions
    }

    /// The chunks of `scored` whose documents the conditions do not rule out, in their
    /// order. (Marks in an array: a set of the chunks ruled out cost more, grown as it was,
    /// than reading the blocks.)
    func kept(_ db: SQLiteConnection, _ scored: [ScoredChunk]) throws -> [ScoredChunk] {
        // A chunk whose document is not known asks for id -1, which has no value.
        let documents = try ValueBlocks.values(db, ValueBlocks.chunkDocuments, of: scored.map(\.chunk)).map { $0 ?? -1 }
        let out = try Self.ruledOut(db, documents: documents, by: conditions)
        return scored.indices.compactMap { out[$0] ? nil : scored[$0] }
    }

    /// Calls `body` with every block number of the chunks from 0 to `last`, in order, and a
    /// function that clears the bits (a bit a chunk of the block) of the chunks whose
    /// documents the conditions rule out: for a ranking's candidates, tens of thousands,
    /// sieved block by block before they are weighed (`RarerTermsFirst`). Every document's
    /// value is marked from its blocks at once, then each block of the chunks' documents is
    /// read beside the candidates' block (`ValueBlocks.markOutside`, `clearMarked`): looking
    /// each candidate up as `kept` does cost more than weighing it (docs/benchmarks.md, "The
    /// second tier's candidates sieved"). A chunk whose block of documents is not made is
    /// kept.
    func forEachBlock(_ db: SQLiteConnection, through last: Int64,
                      _ body: (Int64, (UnsafeMutableBufferPointer<UInt64>) -> Void) throws -> Void) throws {
        let outside = try self.outside.made ?? marks(db)
        self.outside.made = outside
        var next: Int64 = 0
        try outside.withUnsafeBufferPointer { marks in
            try ValueBlocks.forEachBlock(db, ValueBlocks.chunkDocuments, through: last) { number, blob in
                while next < number {
                    try body(next) { _ in }
                    next += 1
                }
                try body(number) { bits in ValueBlocks.clearMarked(bits, in: blob, by: marks) }
                next = number + 1
            }
        }
        while next <= last {
            try body(next) { _ in }
            next += 1
        }
    }

    /// Every document's mark, 1 where a condition rules it out.
    private func marks(_ db: SQLiteConnection) throws -> [UInt8] {
        var outside: [UInt8] = []
        for condition in conditions { try ValueBlocks.markOutside(db, condition.column, condition.ranges, in: &outside) }
        return outside
    }

    /// Whether each of `documents` (-1: not known) has a value that one of `conditions`
    /// does not keep.
    static func ruledOut(_ db: SQLiteConnection, documents: [Int64], by conditions: [Condition]) throws -> [Bool] {
        var out = [Bool](repeating: false, count: documents.count)
        for condition in conditions {
            let values = try ValueBlocks.values(db, condition.column, of: documents)
            for index in documents.indices {
                if let value = values[index], !condition.ranges.contains(value) { out[index] = true }
            }
        }
        return out
    }
}
