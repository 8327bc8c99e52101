/// A chunk and its score, as every lexical strategy (`LexicalStrategy`) gives them and
/// folio_bm25 orders them: the lower score first (scores are negated), then the lower id.
struct ScoredChunk: Comparable, Sendable {
    let score: Double
    let chunk: Int64

    static func < (a: ScoredChunk, b: ScoredChunk) -> Bool {
        (a.score, a.chunk) < (b.score, b.chunk)
    }
}
