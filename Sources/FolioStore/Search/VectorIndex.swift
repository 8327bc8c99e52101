internal import CVectorCodes

/// The vectors of one model as the signs of their components, held in memory for the
/// first pass of a search by meaning: a bit a component, so 384 components are six
/// 64-bit words, an eighth of the int8 vectors, and the distance between two codes is six
/// XORs and popcounts. The pass keeps a shortlist (`shortlist(_:count:among:)`), which
/// `IndexReader.nearest(_:rows:limit:)` rescores with the int8 vectors read from the index
/// for those rows only: the embedder's memory grows by the codes alone, not by the vectors.
/// Refreshed incrementally: vectors are appended in rowid order, so
/// `IndexReader.refresh(_:)` reads only rows newer than `lastRow`.
public struct VectorIndex: Sendable {
    public let model: EmbeddingModelRecord
    public private(set) var dimension: Int
    /// `words` words a vector, in the order of `rows`.
    var codes: [UInt64] = []
    var rows = VectorRows()
    /// The int8 vectors too, while there are no more than `holdingUpTo`.
    var held: HeldVectors?
    let holdingUpTo: Int
    /// The highest `vector.id` read.
    public internal(set) var lastRow: Int64 = 0

    /// `holdingUpTo`: the int8 vectors are held, and searched exactly in memory, while there
    /// are no more than this many (`HeldVectors`).
    public init(model: EmbeddingModelRecord, holdingUpTo: Int = holdingLimit) {
        self.model = model
        dimension = model.dimension ?? 0
        self.holdingUpTo = holdingUpTo
        held = holdingUpTo > 0 ? HeldVectors() : nil
    }

    public var count: Int { rows.count }

    /// 64-bit words a code.
    var words: Int { (dimension + 63) / 64 }

    /// The vector ids held, in order.
    var vectorRows: [Int64] { rows.all }

    /// Room for `count` more; the int8 vectors let go if they would be too many.
    mutating func reserve(_ count: Int) {
        codes.reserveCapacity(codes.count + count * words)
        if self.count + count > holdingUpTo { held = nil }
        held?.reserve(count, dimension: dimension)
    }

    /// Appends vector `row`'s code, and while they are held its int8 `components`.
    mutating func append(row: Int64, key: Int64, scale: Float, components: UnsafeRawBufferPointer) {
        if dimension == 0 { dimension = components.count }
        guard components.count == dimension else { return }
        if count + 1 > holdingUpTo { held = nil }
        held?.append(key: key, scale: scale, components: components)
        let start = codes.count
        codes.append(contentsOf: repeatElement(0, count: words))
        codes.withUnsafeMutableBufferPointer { codes in
            folio_code_of(components.assumingMemoryBound(to: Int8.self).baseAddress, dimension, codes.baseAddress! + start)
        }
        rows.append(row)
    }

    /// How many int8 vectors are held, by default (`HeldVectors`).
    public static let holdingLimit = 100_000

    /// Codes whose distances are counted at a time (`folio_code_candidates`).
    static let block = 4_096

    /// How many vectors the first pass keeps for `limit` to be taken from: enough that the
    /// exact nearest are among them (docs/benchmarks.md, "Meaning at 100,000 files").
    public static func shortlistCount(limit: Int) -> Int {
        max(2_000, limit * 8)
    }

    /// The code of a query's vector: bit k set where component k is not negative, as for
    /// the stored vectors.
    func code(of query: [Float]) -> [UInt64] {
        var code = [UInt64](repeating: 0, count: words)
        for (k, component) in query.enumerated() where component >= 0 {
            code[k / 64] |= 1 << UInt64(k % 64)
        }
        return code
    }

    /// The `limit` vectors most similar to `query`, best first, by a scan of the int8
    /// vectors held; `nil` when they are not held. `among`: as for `shortlist`.
    func nearestHeld(_ query: [Float], limit: Int, among: [Int64]?) -> [(key: Int64, similarity: Float)]? {
        guard let held else { return nil }
        guard query.count == dimension, dimension > 0, limit > 0 else { return [] }
        return held.nearest(query, limit: limit, positions: among.map(positions(of:)))
    }

    /// The positions of the vector ids `rows` (ascending) that are held.
    func positions(of rows: [Int64]) -> [Int] {
        var positions: [Int] = []
        var next = 0
        for run in self.rows.runs {
            let last = run.first + Int64(run.positions.count) - 1
            while next < rows.count, rows[next] < run.first { next += 1 }
            while next < rows.count, rows[next] <= last {
                positions.append(run.positions.lowerBound + Int(rows[next] - run.first))
                next += 1
            }
        }
        return positions
    }

    /// The ids of the `count` vectors whose codes are nearest `query`'s (fewest signs that
    /// differ), in row order; every vector when there are no more than `count`. `among`:
    /// only these vector ids (in ascending order: those a search's filters allow,
    /// `IndexReader.vectorRows(allowedBy:model:)`); all of them when they are no more than
    /// `count`, since rescoring them all is then exact and no dearer.
    public func shortlist(_ query: [Float], count: Int, among: [Int64]? = nil) -> [Int64] {
        guard query.count == dimension, dimension > 0, count > 0 else { return [] }
        if let among, among.count <= count { return among }
        if among == nil, rows.count <= count { return rows.all }
        let target = code(of: query)
        let words = words
        var best = BoundedBest<CodeDistance>(capacity: count)
        // Once `count` are kept, only a code nearer than the farthest kept gets in (at the
        // same distance the older row stays): the rest are passed over in C.
        var admit = Int(UInt16.max)
        var allowed = 0
        var positions = [UInt32](repeating: 0, count: Self.block)
        var distances = [UInt16](repeating: 0, count: Self.block)
        codes.withUnsafeBufferPointer { codes in
            for run in rows.runs {
                var start = run.positions.lowerBound
                while start < run.positions.upperBound {
                    let end = min(start + Self.block, run.positions.upperBound)
                    let found = folio_code_candidates(codes.baseAddress! + start * words, end - start, words, target, UInt32(admit),
                                                      &positions, &distances)
                    for candidate in 0..<found {
                        let distance = Int(distances[candidate])
                        guard distance < admit else { continue }
                        let row = run.first + Int64(start + Int(positions[candidate]) - run.positions.lowerBound)
                        if let among {
                            while allowed < among.count, among[allowed] < row { allowed += 1 }
                            guard allowed < among.count, among[allowed] == row else { continue }
                        }
                        best.offer(CodeDistance(distance: Int32(distance), row: row))
                        if let worst = best.worst { admit = Int(worst.distance) }
                    }
                    start = end
                }
            }
        }
        return best.sorted().map(\.row).sorted()
    }
}

/// A vector's id and how many signs of its code differ from the query's, the fewer first
/// (then the older vector).
struct CodeDistance: Comparable {
    let distance: Int32
    let row: Int64

    static func < (a: CodeDistance, b: CodeDistance) -> Bool {
        a.distance < b.distance || (a.distance == b.distance && a.row < b.row)
    }
}

/// The ids of the vectors a `VectorIndex` holds, in the order of their codes, as runs of
/// consecutive ids: vectors are written in batches with rowids one after another, so a
/// million ids are a few hundred runs instead of 8 MB.
struct VectorRows: Sendable {
    /// The first id of each run and the position of its first code.
    private var starts: [(row: Int64, position: Int)] = []
    private(set) var count = 0

    mutating func append(_ row: Int64) {
        if let last = starts.last, last.row + Int64(count - last.position) == row {
            count += 1
            return
        }
        starts.append((row, count))
        count += 1
    }

    /// The runs: each one's first id and the positions of its codes, in order.
    var runs: [(first: Int64, positions: Range<Int>)] {
        starts.indices.map { run in
            (starts[run].row, starts[run].position..<(run + 1 < starts.count ? starts[run + 1].position : count))
        }
    }

    var all: [Int64] {
        runs.flatMap { run in run.positions.map { run.first + Int64($0 - run.positions.lowerBound) } }
    }
}

/// A vector's row and its similarity to the query, the more similar first (then the
/// lower row).
struct ScoredRow: Comparable {
    let row: Int
    let score: Float

    static func < (a: ScoredRow, b: ScoredRow) -> Bool {
        a.score > b.score || (a.score == b.score && a.row < b.row)
    }
}
