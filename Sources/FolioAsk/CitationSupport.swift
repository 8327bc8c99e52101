internal import FolioCore
internal import FolioText
internal import Glibc

/// Whether a cited passage supports the sentence that cites it, told without asking the
/// model again: the sentence's words (each weighted by how rare it is among the passages
/// given, so that "invoice" in every passage counts for little and "Nowak" for much) are
/// looked for in the passage, a sentence or a few at a time, and the span that holds the
/// most of them is the quote shown under Sources. A well-formed `[1]` after a sentence
/// its passage does not bear out is no source: small local models cite that way.
///
/// Numbers weigh most and must all be in the passage: an amount, a date or an invoice
/// number the passage does not hold is what a model invents.
///
/// A sentence its words do not bear out is weighed by meaning too (`MeaningJudge`), and its
/// similarity to the nearest window of the passage reported, but meaning alone supports
/// nothing: the embedding model says what a sentence is about, not whether the passage
/// says it, and on the claims of `bench/citation-check.py` a sentence its passage
/// contradicts came nearer than most that say the passage in other words
/// (docs/benchmarks.md, "Checked citations"). A quote the model gives with its citation
/// (`[2: "…"]`) must be in the passage, or the citation is not supported.
public struct CitationSupport: Sendable {
    /// What the check found for one citation.
    public struct Verdict: Sendable, Equatable {
        public var supported: Bool
        /// The sentence that cites, without its citations.
        public var claim: String
        /// The passage's words that bear it out best (one to three of its sentences).
        public var quote: String
        /// The share of the claim's weighted words found in the quote, 0 to 1.
        public var coverage: Double
        /// The claim's numbers that the passage does not hold.
        public var missingNumbers: [String]
        /// The claim's similarity to the nearest window of the passage, when it was weighed
        /// by meaning (its words fell short, and an embedder answered).
        public var similarity: Float?
        /// What bears the claim out: its words, or the provider's own citation.
        public var evidence: Evidence?
        /// The model quoted words with its citation that the passage does not hold.
        public var quoteNotInPassage = false

        public init(supported: Bool, claim: String, quote: String, coverage: Double, missingNumbers: [String], evidence: Evidence?) {
            self.supported = supported
            self.claim = claim
            self.quote = quote
            self.coverage = coverage
            self.missingNumbers = missingNumbers
            self.evidence = evidence
        }
    }

    public enum Evidence: String, Sendable {
        case words, provider
    }

    /// A claim is supported when its quote holds at least this share of its weighted words.
    static let supportingCoverage = 0.5

    private let documentFrequency: [String: Int]
    private let passageCount: Int

    public init(passages: [Passage]) {
        var frequency: [String: Int] = [:]
        for passage in passages {
            for term in Set(Self.terms(of: passage.text)) { frequency[term, default: 0] += 1 }
        }
        documentFrequency = frequency
        passageCount = max(1, passages.count)
    }

    /// Checks `claim` (the citing sentence, citations removed) against `passage`, with the
    /// words the model quoted from it, if it did.
    public func verdict(claim: String, passage: Passage, modelQuote: String?) -> Verdict {
        var verdict = verdict(claim: claim, passage: passage)
        guard let modelQuote else { return verdict }
        if Self.folded(passage.text).contains(Self.folded(modelQuote)) {
            verdict.quote = Self.squeezed(modelQuote)
        } else {
            verdict.supported = false
            verdict.evidence = nil
            verdict.quoteNotInPassage = true
        }
        return verdict
    }

    /// Checks `claim` (the citing sentence, citations removed) against `passage`.
    public func verdict(claim: String, passage: Passage) -> Verdict {
        let claimTerms = Set(Self.terms(of: claim))
        let weights = Dictionary(uniqueKeysWithValues: claimTerms.map { ($0, weight($0)) })
        let total = weights.values.reduce(0, +)
        let sentences = Self.sentences(of: passage.text)
        let passageTerms = Set(Self.terms(of: passage.text))
        let missing = claimTerms.filter { Self.isNumber($0) && !passageTerms.contains($0) }.sorted()
        var best = (coverage: 0.0, quote: sentences.first ?? "")
        for start in sentences.indices {
            var covered = Set<String>()
            var quote = ""
            for end in start..<min(sentences.count, start + 3) {
                quote += (quote.isEmpty ? "" : " ") + sentences[end]
                covered.formUnion(Set(Self.terms(of: sentences[end])).intersection(claimTerms))
                let coverage = total > 0 ? covered.reduce(0) { $0 + (weights[$1] ?? 0) } / total : 0
                // Ties go to the shorter quote.
                if coverage > best.coverage + 1e-9 || (coverage > best.coverage - 1e-9 && quote.count < best.quote.count) {
                    best = (coverage, quote)
                }
            }
        }
        let supported = total > 0 && best.coverage >= Self.supportingCoverage && missing.isEmpty
        return Verdict(supported: supported, claim: claim, quote: best.quote, coverage: best.coverage, missingNumbers: missing,
                       evidence: supported ? .words : nil)
    }

    /// A citation the provider made itself, with the text it cites (Anthropic's
    /// citations): supported when that text is the passage's, whatever the wording of the
    /// sentence; the text is the quote shown.
    public func verdict(claim: String, quotes: [String], passage: Passage) -> Verdict {
        let text = Self.squeezed(passage.text)
        let found = quotes.map(Self.squeezed).filter { !$0.isEmpty && text.contains($0) }
        let supported = !found.isEmpty && found.count == quotes.count
        return Verdict(supported: supported, claim: claim, quote: quotes.map { Self.squeezed($0) }.joined(separator: " … "),
                       coverage: found.isEmpty ? 0 : 1, missingNumbers: [], evidence: supported ? .provider : nil)
    }

    private static func squeezed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whitespace squeezed, case and the shapes of quotation marks and dashes set aside: a
    /// model copying words changes these.
    private static func folded(_ text: String) -> String {
        let folded = squeezed(text).lowercased().map { character -> Character in
            switch character {
            case "“", "”", "«", "»": "\""
            case "‘", "’": "'"
            case "–", "—": "-"
            default: character
            }
        }
        // A quote's own closing full stop or quotation marks are not the passage's.
        let edge: Set<Character> = [".", ",", ";", ":", "!", "?", "\"", "'", " "]
        return String(folded.drop { edge.contains($0) }.reversed().drop { edge.contains($0) }.reversed())
    }

    /// Rarer among the passages given weighs more (an inverse document frequency); a
    /// number weighs double.
    private func weight(_ term: String) -> Double {
        let frequency = Double(documentFrequency[term] ?? 0)
        let rarity = log(1 + Double(passageCount) / max(0.5, frequency))
        return Self.isNumber(term) ? 2 * rarity : rarity
    }

    /// The words of `text` that carry meaning, lowercased and cut to a rough stem (so that
    /// "invoices" meets "invoice"), and its numbers written one way ("1,240.00" as "1240").
    static func terms(of text: String) -> [String] {
        var terms: [String] = []
        var word = ""
        var previous: Character?
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            // A separator between two digits stays in the number: 1,240.00, 12.5.
            let inNumber = (character == "." || character == ",") && previous?.isNumber == true && next?.isNumber == true
            if FullTextTokenizer.isTokenCharacter(character) || inNumber || (character == "'" && !word.isEmpty && next?.isLetter == true) {
                word.append(character)
            } else if !word.isEmpty {
                if let term = term(word) { terms.append(term) }
                word = ""
            }
            previous = character
        }
        if !word.isEmpty, let term = term(word) { terms.append(term) }
        return terms
    }

    private static func term(_ word: String) -> String? {
        let lowered = word.lowercased()
        if lowered.first?.isNumber == true { return number(lowered) }
        guard lowered.count > 1, !stopWords.contains(lowered) else { return nil }
        return stem(lowered)
    }

    /// "1,240.00" → "1240", "12.50" → "12.5", "1.240,5" → "1240.5", "3,5" → "3.5": of a comma
    /// and a full stop, the last is the decimal mark; a comma alone groups thousands when
    /// every group after it has three digits.
    private static func number(_ text: String) -> String {
        let lastComma = text.lastIndex(of: ","), lastStop = text.lastIndex(of: ".")
        let decimal: Character?
        switch (lastComma, lastStop) {
        case let (comma?, stop?): decimal = comma > stop ? "," : "."
        case (_?, nil):
            var groups = [0]
            for character in text { if character == "," { groups.append(0) } else { groups[groups.count - 1] += 1 } }
            decimal = groups.dropFirst().allSatisfy { $0 == 3 } ? nil : ","
        case (nil, _?): decimal = text.filter { $0 == "." }.count == 1 ? "." : nil
        case (nil, nil): decimal = nil
        }
        var whole = ""
        var fraction: String?
        for character in text {
            if character == decimal {
                fraction = ""
            } else if character.isNumber {
                if fraction != nil { fraction!.append(character) } else { whole.append(character) }
            }
        }
        while fraction?.last == "0" { fraction!.removeLast() }
        return whole + (fraction.map { $0.isEmpty ? "" : "." + $0 } ?? "")
    }

    static func isNumber(_ term: String) -> Bool { term.first?.isNumber == true }

    /// A rough stem: plurals, "-ing" and "-ed" and a final "e" taken off in turn, so that
    /// "invoices", "invoiced" and "invoice" meet.
    private static func stem(_ word: String) -> String {
        var word = word
        if word.hasSuffix("'s") { word.removeLast(2) }
        if word.count >= 5, word.hasSuffix("ies") {
            word = word.dropLast(3) + "y"
        } else if word.count >= 4, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us") {
            word.removeLast()
        }
        if word.count >= 6, word.hasSuffix("ing") {
            word.removeLast(3)
        } else if word.count >= 5, word.hasSuffix("ed") {
            word.removeLast(2)
        }
        if word.count >= 5, word.hasSuffix("e") { word.removeLast() }
        return word
    }

    /// The passage's sentences (and lines: passages from tables and lists have no full stops).
    static func sentences(of text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character.isNewline {
                if !current.trimmingWhitespace().isEmpty { sentences.append(current.trimmingWhitespace()) }
                current = ""
                continue
            }
            current.append(character)
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if ".!?".contains(character), next == nil || next?.isWhitespace == true, current.count > 1 {
                sentences.append(current.trimmingWhitespace())
                current = ""
            }
        }
        if !current.trimmingWhitespace().isEmpty { sentences.append(current.trimmingWhitespace()) }
        return sentences
    }

    /// The function words (`StopWords`), and the words answers use to point at their sources.
    private static let stopWords = StopWords.english.union([
        "yes", "says", "said", "according", "passage", "passages", "document", "documents", "mention", "mentions", "mentioned", "states",
        "stated", "shows", "given",
    ])
}
