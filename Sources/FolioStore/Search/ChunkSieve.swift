internal import FolioSQLite
internal import FolioCore

/// Rules out ranked chunks whose documents a search's time filter does not keep, from the
/// blocks of the chunks' documents and of the documents' days (`ValueBlocks`), before the
/// chunks' rows are read: ten results of a filter that keeps a tenth of the documents take
/// some hundred ranked chunks, each row a page of the index of its own, where the blocks
/// are a few dozen pages (docs/benchmarks.md, "Chunks' documents apart from their text").
/// A chunk or document whose block is not made is kept, and every chunk kept is checked
/// against all the filters on its row, as before; so is a document written on the first
/// or last day of the filter's time.
struct ChunkSieve {
    /// The largest share of the documents kept that a sieve is made for: over it, the
    /// ranked chunks read before ten results are few, and reading the blocks costs more.
    static let share = 0.25

    /// The days a document kept may have been written on.
    private let days: ClosedRange<Int64>

    init(time: TimeRange) {
        days = Self.days(of: time)
    }

    /// The days a document written within `time` may have been written on.
    static func days(of time: TimeRange) -> ClosedRange<Int64> {
        let unit = ValueBlocks.documentDays.unit
        let first = time.from.map { ValueBlocks.inUnits($0, unit) } ?? .min
        return first...max(first, time.until.map { ValueBlocks.inUnits($0 - 1, unit) } ?? .max)
    }

    /// The chunks of `chunks` whose documents were written on a day outside the filter's.
    func ruledOut(_ db: SQLiteConnection, among chunks: [Int64]) throws -> Set<Int64> {
        let documents = try ValueBlocks.values(db, ValueBlocks.chunkDocuments, of: chunks)
        let written = try ValueBlocks.values(db, ValueBlocks.documentDays, of: Set(documents.values))
        return Set(chunks.filter { chunk in
            guard let document = documents[chunk], let day = written[document] else { return false }
            return !days.contains(day)
        })
    }
}
