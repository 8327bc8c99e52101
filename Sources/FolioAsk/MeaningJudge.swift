/// Weighs an answer's sentences by meaning against the passages they cite, for the ones
/// their words do not bear out: the embedder's vectors of the cited chunks' windows, one
/// request for the whole answer, no call to the model that answered. What it finds is
/// reported beside the check (`CitationSupport.Verdict.similarity`), not taken as support.
public protocol MeaningJudge {
    /// For each claim and the passage it cites, that passage's windows with the claim's
    /// similarity to each (empty where the index has no vectors for them); `nil` when
    /// nothing can be weighed (no embedder answers, no vectors yet).
    func weigh(_ claims: [(claim: String, passage: Passage)]) -> [[WeighedWindow]]?
}

/// A window of a passage's chunk (as the index embedded it: title and section, then about
/// 170 words of the text) and how near a claim it is in meaning, as a cosine similarity.
public struct WeighedWindow: Sendable, Equatable {
    public var text: String
    public var similarity: Float

    public init(text: String, similarity: Float) {
        self.text = text
        self.similarity = similarity
    }
}
