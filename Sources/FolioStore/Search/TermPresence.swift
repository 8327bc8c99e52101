internal import FolioSQLite
internal import FolioText

/// Which of some chunks hold a term: what excluded words (`-system`) and the words a plan
/// checks instead of ranking (`LexicalPlan.filter`) ask of a search's best chunks.
///
/// A common word's counts (`TermCounts`, a byte a chunk) tell at once. FTS5 is asked the
/// rest: it looks each chunk up, a seek in every segment, or, for over 200, walks the
/// term's every match, which for a frequent excluded word (`string -python`) cost more than
/// the search it narrowed (docs/benchmarks.md, "folioq's own work: parsing, snippets,
/// excluded words").
enum TermPresence {
    /// The chunks among `ids` that hold any of `terms` (`facts`: of the query they are in).
    static func chunks(_ db: SQLiteConnection, holdingAny terms: [SearchQuery.Term], among ids: [Int64], facts: TermFacts) throws -> Set<Int64> {
        var holding: Set<Int64> = []
        for term in terms {
            holding.formUnion(try chunks(db, holding: term, among: ids.filter { !holding.contains($0) }, facts: facts))
        }
        return holding
    }

    /// The chunks among `ids` that hold every one of `terms`.
    static func chunks(_ db: SQLiteConnection, holdingAll terms: [SearchQuery.Term], among ids: [Int64], facts: TermFacts) throws -> Set<Int64> {
        var holding = Set(ids)
        for term in terms where !holding.isEmpty {
            holding = try chunks(db, holding: term, among: Array(holding), facts: facts)
        }
        return holding
    }

    /// The chunks among `ids` that hold `term`: from its counts where they are made, from
    /// FTS5 for the chunks of a block that is not (written since the index settled). The
    /// blocks the ids are in are read in one statement: one for each block, for the hundreds
    /// of chunks a filtered search checks across the index, cost it more than the words left
    /// out saved (docs/benchmarks.md, "Checked at run time, and words in half the chunks").
    private static func chunks(_ db: SQLiteConnection, holding term: SearchQuery.Term, among ids: [Int64], facts: TermFacts) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        guard let word = facts.commonWord(term)?.term else { return try fullText(db, term.expression, among: ids) }
        var counted: [Int64: [UInt8]] = [:]
        try db.forEachRow("""
            SELECT t.block, t.counts FROM json_each(?) j CROSS JOIN term_count t ON t.term = ? AND t.block = j.value
            """, [IdArray.json(Set(ids.lazy.map { $0 / TermCounts.block }).sorted()), word], cached: true) { columns in
            let counts = columns.bytes(1)
            if counts.count == TermCounts.block { counted[columns.int64(0)] = counts }
        }
        var holding: Set<Int64> = []
        var unknown: [Int64] = []
        for id in ids {
            guard let counts = counted[id / TermCounts.block] else {
                unknown.append(id)
                continue
            }
            if counts[Int(id % TermCounts.block)] > 0 { holding.insert(id) }
        }
        return holding.union(try fullText(db, term.expression, among: unknown))
    }

    /// The chunks among `ids` that FTS5 matches to `expression`.
    private static func fullText(_ db: SQLiteConnection, _ expression: String, among ids: [Int64]) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        let list = ids.map(String.init).joined(separator: ",")
        return Set(try db.values(as: Int64.self, """
            SELECT rowid FROM chunk_fts WHERE chunk_fts MATCH ? AND \(ids.count > 200 ? "+" : "")rowid IN (\(list))
            """, [expression]))
    }
}
