internal import FolioSQLite

/// The BM25 column weights of the full-text index (`text`, `section`, `title`).
///
/// Measured with `bench/ranking.sh` (../shared/ir/eval.py; docs/benchmarks.md has the
/// table), nDCG@10 Cranfield / CISI with text 1, section 2: title 0 → 0.360 / 0.364,
/// title 0.5 → 0.361 / 0.368, title 1 → 0.365 / 0.369, title 2 → 0.365 / 0.373. All within
/// the collections' noise, title 2 the best of them. Neither collection has sections, so
/// the section weight is not measured: 2 says a heading that names the query's words is
/// worth more than one more mention in the text, as the title is.
enum Ranking {
    static let weights = ColumnWeights(text: 1, section: 2, title: 2)
}

/// The weight of each column of the full-text index in BM25, in the order of its columns,
/// as the ranking functions' first three SQL parameters take them.
struct ColumnWeights: Sendable, Equatable {
    var text: Double
    var section: Double
    var title: Double

    /// `text`, `section`, `title`: the first arguments of every ranking query.
    var arguments: SQLiteArguments { [text, section, title] }
}
