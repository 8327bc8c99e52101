/// Weighs an answer's sentences by meaning against the passages they cite, for the ones
/// their words do not bear out: the embedder's vectors of the cited chunks' windows, one
/// request for the whole answer, no call to the model that answered. What it finds is
/// reported beside the check (`CitationSupport.Verdict.similarity`), not taken as support.
public protocol MeaningJudge {
    /// For each claim and the passage it cites, the claim's cosine similarity to the
    /// nearest window of that passage's chunk (`nil` where the index has no vectors for
    /// them); `nil` when nothing can be weighed (no embedder answers, no vectors yet).
    func weigh(_ claims: [(claim: String, passage: Passage)]) -> [Float?]?
}
