/// The BM25 column weights of the full-text index (`text`, `section`, `title`), decided
/// with `../shared/ir/eval.py`; docs/benchmarks.md has the runs behind them.
enum Ranking {
    static let textWeight = 1.0
    static let sectionWeight = 2.0
    static let titleWeight = 1.0
}
