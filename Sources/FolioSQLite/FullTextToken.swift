/// A term of a full-text index and where in a text it was made from.
public struct FullTextToken: Sendable, Equatable {
    /// As the index holds it: folded, stemmed.
    public var term: String
    /// UTF-8 offsets in the text.
    public var bytes: Range<Int>

    public init(term: String, bytes: Range<Int>) {
        self.term = term
        self.bytes = bytes
    }
}
