internal import FoundationEssentials
// The standard library's canonical decomposition (`String._nfd`), the SPI its own Regex
// library and FoundationEssentials normalise with.
@_spi(_Unicode) internal import Swift

/// BERT's WordPiece tokenizer, as a `tokenizer.json` of Hugging Face's `tokenizers` library
/// describes it (the file a sentence-transformer model ships): its normaliser (clean the
/// text, space out CJK ideographs, strip accents, lower-case), its pre-tokeniser (split at
/// white space and at each punctuation mark) and its greedy longest-match vocabulary.
/// No Swift package of the mirror does this, and the Python library is not on the query
/// path; `WordPieceTokenizerTests` compare it token for token with `tokenizers` itself.
public struct WordPieceTokenizer: Sendable {
    public let vocabulary: [String: Int32]
    public let classifierID: Int32
    public let separatorID: Int32
    public let unknownID: Int32
    public let paddingID: Int32
    let lowercase: Bool
    let stripAccents: Bool
    let cleanText: Bool
    let spaceChineseCharacters: Bool
    let continuingPrefix: String
    let maxCharactersPerWord: Int

    /// Reads a `tokenizer.json` of a WordPiece (BERT-style) model.
    public init(contentsOf path: String) throws(EmbeddingError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(filePath: path))
        } catch {
            throw .modelFile(path: path, reason: "cannot be read (\(error))")
        }
        let file: TokenizerFile
        do {
            file = try JSONDecoder().decode(TokenizerFile.self, from: data)
        } catch {
            throw .modelFile(path: path, reason: "is not a tokenizer.json Folio can read (\(error))")
        }
        guard file.model.type == "WordPiece" else {
            throw .modelFile(path: path, reason: "describes a \(file.model.type) tokenizer; Folio reads WordPiece (BERT-style) models")
        }
        let vocabulary = file.model.vocab
        func id(_ token: String) throws(EmbeddingError) -> Int32 {
            guard let id = vocabulary[token] else { throw .modelFile(path: path, reason: "has no \(token) token") }
            return id
        }
        self.vocabulary = vocabulary
        classifierID = try id("[CLS]")
        separatorID = try id("[SEP]")
        unknownID = try id(file.model.unkToken ?? "[UNK]")
        paddingID = vocabulary["[PAD]"] ?? 0
        let normalizer = file.normalizer
        lowercase = normalizer?.lowercase ?? true
        stripAccents = normalizer?.stripAccents ?? lowercase
        cleanText = normalizer?.cleanText ?? true
        spaceChineseCharacters = normalizer?.handleChineseChars ?? true
        continuingPrefix = file.model.continuingSubwordPrefix ?? "##"
        maxCharactersPerWord = file.model.maxInputCharsPerWord ?? 100
    }

    /// The token ids of `text` between `[CLS]` and `[SEP]`, at most `maxLength` in all (the
    /// words past it are left out, as the model's own truncation does).
    public func encode(_ text: String, maxLength: Int) -> [Int32] {
        var ids: [Int32] = [classifierID]
        let room = max(0, maxLength - 2)
        for word in words(of: normalise(text)) {
            if ids.count - 1 >= room { break }
            ids += pieces(of: word).prefix(room - (ids.count - 1))
        }
        return ids + [separatorID]
    }

    /// The tokens (as the vocabulary spells them) of `text`, without `[CLS]` and `[SEP]`.
    public func tokens(_ text: String) -> [String] {
        let names = Dictionary(vocabulary.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        return words(of: normalise(text)).flatMap { pieces(of: $0) }.map { names[$0] ?? "?" }
    }

    /// The normaliser: control characters out, white space to spaces, CJK ideographs
    /// spaced out, accents stripped (canonical decomposition, then no nonspacing marks),
    /// lower case.
    func normalise(_ text: String) -> String {
        var cleaned = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if cleanText {
                if scalar.value == 0 || scalar.value == 0xFFFD || Self.isControl(scalar) { continue }
                if Self.isWhitespace(scalar) {
                    cleaned.append(" ")
                    continue
                }
            }
            if spaceChineseCharacters && Self.isChineseCharacter(scalar) {
                cleaned.append(" ")
                cleaned.append(scalar)
                cleaned.append(" ")
            } else {
                cleaned.append(scalar)
            }
        }
        var result = String(cleaned)
        if stripAccents {
            var stripped = String.UnicodeScalarView()
            for scalar in Self.decomposed(result).unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
                stripped.append(scalar)
            }
            result = String(stripped)
        }
        return lowercase ? result.lowercased() : result
    }

    /// The pre-tokeniser: words split at white space, each punctuation mark a word of its own.
    func words(of text: String) -> [Substring.UnicodeScalarView] {
        var words: [Substring.UnicodeScalarView] = []
        let scalars = text.unicodeScalars
        var start: String.UnicodeScalarView.Index?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if Self.isWhitespace(scalar) || Self.isPunctuation(scalar) {
                if let begun = start { words.append(Substring(text)[begun..<index].unicodeScalars) }
                start = nil
                if Self.isPunctuation(scalar) { words.append(Substring(text)[index..<next].unicodeScalars) }
            } else if start == nil {
                start = index
            }
            index = next
        }
        if let begun = start { words.append(Substring(text)[begun...].unicodeScalars) }
        return words
    }

    /// The longest vocabulary pieces of a word from its start, `##`-prefixed after the
    /// first; `[UNK]` for the whole word when a piece is missing or the word is too long.
    func pieces(of word: Substring.UnicodeScalarView) -> [Int32] {
        let scalars = Array(word)
        guard scalars.count <= maxCharactersPerWord else { return [unknownID] }
        var ids: [Int32] = []
        var start = 0
        while start < scalars.count {
            var end = scalars.count
            var found: Int32?
            while end > start {
                var candidate = String(String.UnicodeScalarView(scalars[start..<end]))
                if start > 0 { candidate = continuingPrefix + candidate }
                if let id = vocabulary[candidate] {
                    found = id
                    break
                }
                end -= 1
            }
            guard let id = found else { return [unknownID] }
            ids.append(id)
            start = end
        }
        return ids
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.properties.isWhitespace
    }

    /// Rust's `char::is_other` less tab, newline and return: what `tokenizers` removes.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\n" || scalar == "\r" { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned: return true
        default: return false
        }
    }

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (33...47).contains(value) || (58...64).contains(value) || (91...96).contains(value) || (123...126).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// The CJK Unified Ideographs blocks BERT spaces out (not Hiragana, Katakana or Hangul).
    static func isChineseCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81F, 0x2B820...0x2CEAF,
             0xF900...0xFAFF, 0x2F800...0x2FA1F:
            return true
        default:
            return false
        }
    }

    /// Canonical decomposition (NFD), by the standard library: GLib's did the same, but
    /// linking GLib for it made every folioq process load GLib and PCRE2 before its query
    /// (some 40 page faults each time; docs/benchmarks.md, "What every process pays before
    /// its query").
    static func decomposed(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy(\.isASCII) { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text._nfd)
        return String(scalars)
    }
}

/// The parts of `tokenizer.json` the tokenizer reads.
private struct TokenizerFile: Decodable {
    struct Normalizer: Decodable {
        var cleanText: Bool?
        var handleChineseChars: Bool?
        var stripAccents: Bool?
        var lowercase: Bool?

        enum CodingKeys: String, CodingKey {
            case cleanText = "clean_text", handleChineseChars = "handle_chinese_chars", stripAccents = "strip_accents", lowercase
        }
    }

    struct Model: Decodable {
        var type: String
        var vocab: [String: Int32]
        var unkToken: String?
        var continuingSubwordPrefix: String?
        var maxInputCharsPerWord: Int?

        enum CodingKeys: String, CodingKey {
            case type, vocab, unkToken = "unk_token", continuingSubwordPrefix = "continuing_subword_prefix",
                 maxInputCharsPerWord = "max_input_chars_per_word"
        }
    }

    var normalizer: Normalizer?
    var model: Model
}
