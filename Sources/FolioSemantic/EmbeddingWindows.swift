internal import CXXHash

/// The passages of a chunk that get a vector each. A chunk is 500 words, 580-790 of
/// all-MiniLM-L6-v2's tokens; the model reads 256. So a chunk is cut into as few windows
/// of at most `maxWords` words as it takes, of equal size (500 words: three of 167), each
/// led by the document's title and the chunk's section, which say what it is about. The
/// measurements that chose this are in docs/benchmarks.md. The semantic stage cuts a chunk
/// again to embed it and finds its windows by these keys: a change of this rule needs a
/// migration that empties `chunk_window`, or the old windows would wait for vectors forever.
public enum EmbeddingWindows {
    /// Words per window at most: 180 English words are about 230 tokens, within the model's
    /// 254 (256 less `[CLS]` and `[SEP]`) for most text; what is longer loses its tail.
    public static let maxWords = 180

    /// The windows' texts, in order; at least one (a chunk is never empty).
    public static func texts(title: String?, section: String?, text: String) -> [String] {
        let words = text.split(whereSeparator: { $0.isWhitespace })
        // A heading the text starts with already (a title on its first line) is not repeated.
        let opening = words.prefix(64).joined(separator: " ")
        let heading = [title, section].compactMap { part -> String? in
            guard let words = part?.split(whereSeparator: { $0.isWhitespace }), !words.isEmpty else { return nil }
            let joined = words.joined(separator: " ")
            return opening.hasPrefix(joined) ? nil : joined
        }.joined(separator: " — ")
        let lead = heading.isEmpty ? "" : heading + "\n"
        let count = max(1, (words.count + maxWords - 1) / maxWords)
        let size = max(1, (words.count + count - 1) / count)
        return (0..<count).map { index in
            lead + words.dropFirst(index * size).prefix(size).joined(separator: " ")
        }
    }

    /// The key a window's vector is stored under: XXH3-64 of its text. Two windows with the
    /// same text share one vector, whichever file or chunk they are in.
    public static func key(_ text: String) -> Int64 {
        var text = text
        return text.withUTF8 { bytes in Int64(bitPattern: XXH3_64bits(bytes.baseAddress, bytes.count)) }
    }
}
