public import FolioCore
public import FolioStore
internal import FolioSystem

/// A question's answer as it comes in and once complete: the text as shown (invented
/// citations marked `[n?]`), the citations read from it, what was sent, the provider's
/// counts and the time each part took.
public struct Answer: Sendable {
    public enum Status: String, Sendable {
        /// The model answered from the passages.
        case answered
        /// The model said the passages do not hold the answer (`AskPrompt.notFound`).
        case notInDocuments = "not_in_documents"
        /// The search found nothing, and no model was asked.
        case nothingRelevant = "nothing_relevant"
        /// The model answered, but no sentence of the answer is borne out by a passage it
        /// cites (or it cites none): not an answer from the documents.
        case unsupported
    }

    public struct Timings: Sendable {
        /// From the start of the process to the prompt ready: Folio's own part.
        public var folio = 0.0
        /// Of which the search and reading the passages' text.
        public var retrieval = 0.0
        /// Checking the answer's citations against their passages, once it is complete.
        public var checking = 0.0
        /// From the request to the first piece of the answer (the provider's part).
        public var firstText: Double?
        public var total = 0.0
    }

    public var question: String
    public var options: AskOptions
    public var mode: SearchMode
    public var prompt: AskPrompt
    public var text = ""
    public var citations: [Citation] = []
    /// Where each citation stands in `text` (in characters), in the order of `citations`.
    private var citationRanges: [Range<Int>] = []
    /// Each citation's check against its passage (`CitationSupport`), in the order of
    /// `citations`; `nil` for an invented one, which has no passage.
    public var verdicts: [CitationSupport.Verdict?] = []
    /// The text the provider itself says each passage is cited for (Anthropic's
    /// citations), by passage number.
    public private(set) var providerQuotes: [Int: [String]] = [:]
    public var status = Status.answered
    public var timings = Timings()
    public var outcome: ChatClient.Outcome?

    public init(question: String, options: AskOptions, mode: SearchMode, prompt: AskPrompt) {
        self.question = question
        self.options = options
        self.mode = mode
        self.prompt = prompt
    }

    public mutating func add(_ pieces: [CitationReader.Piece]) {
        for piece in pieces {
            switch piece {
            case let .text(plain): text += plain
            case let .citation(citation):
                let start = text.count
                text += citation.shown
                citationRanges.append(start..<text.count)
            }
        }
    }

    /// The provider's own quote for a citation of passage `number`.
    public mutating func addQuote(_ quote: String, of number: Int) {
        providerQuotes[number, default: []].append(quote)
    }

    /// Records the end of the exchange, and whether the model found the answer in the
    /// passages: each citation checked by its sentence's words, and weighed by meaning
    /// (`judge`) where they fall short.
    public mutating func finish(_ outcome: ChatClient.Outcome, citations: [Citation], total: Double, judge: (any MeaningJudge)? = nil) {
        self.outcome = outcome
        self.citations = citations
        timings.firstText = outcome.firstTextSeconds.map { $0 * 1000 }
        let checkStarted = MonotonicClock.seconds()
        defer {
            timings.checking = MonotonicClock.milliseconds(since: checkStarted)
            timings.total = total + timings.checking
        }
        let support = CitationSupport(passages: prompt.passages)
        let claims = Self.claims(in: text, citations: citationRanges)
        verdicts = zip(self.citations, claims).map { citation, claim in
            guard !citation.isInvented, let passage = passage(citation.number) else { return nil }
            if let quotes = providerQuotes[citation.number], !quotes.isEmpty {
                return support.verdict(claim: claim, quotes: quotes, passage: passage)
            }
            return support.verdict(claim: claim, passage: passage, modelQuote: citation.quote)
        }
        // The first few sentences only: each costs the embedder a few milliseconds, and what
        // it finds is reported, not acted on.
        let unweighed = Array(verdicts.indices.filter { index in verdicts[index].map { !$0.supported && !$0.claim.isEmpty } ?? false }
            .prefix(Self.mostWeighed))
        if let judge, !unweighed.isEmpty,
           let weighed = judge.weigh(unweighed.map { (verdicts[$0]!.claim, passage(self.citations[$0].number)!) }), weighed.count == unweighed.count {
            for (index, similarity) in zip(unweighed, weighed) { verdicts[index]?.similarity = similarity }
        }
        status = Self.saysNotFound(text) ? .notInDocuments : citedPassages.isEmpty ? .unsupported : .answered
    }

    /// How many citations its words do not bear out are weighed by meaning at most.
    static let mostWeighed = 4

    private func passage(_ number: Int) -> Passage? {
        prompt.passages.first { $0.number == number }
    }

    /// The sentence each citation belongs to, its citations taken out. A citation that
    /// opens a sentence (`… boiler. [1] The fee …`) belongs to the one before, where there
    /// is one: models put their citations after the full stop as often as before it.
    static func claims(in text: String, citations: [Range<Int>]) -> [String] {
        let characters = Array(text)
        var inCitation = [Bool](repeating: false, count: characters.count)
        for range in citations where range.upperBound <= characters.count {
            for index in range { inCitation[index] = true }
        }
        // Sentences as ranges of characters: a full stop, question or exclamation mark
        // outside a citation and before a space (or the end), or a line break, ends one.
        var sentences: [Range<Int>] = []
        var start = 0
        for index in characters.indices where !inCitation[index] {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isNewline || (".!?".contains(character) && (next == nil || next!.isWhitespace)) {
                sentences.append(start..<(index + 1))
                start = index + 1
            }
        }
        if start < characters.count { sentences.append(start..<characters.count) }
        func words(_ range: Range<Int>) -> String {
            var kept = ""
            for index in range where !inCitation[index] {
                let character = characters[index]
                // "paid 40 [1]." reads "paid 40.".
                if ",.;:!?".contains(character), kept.last == " " { kept.removeLast() }
                kept.append(character)
            }
            return kept.trimmingWhitespace()
        }
        return citations.map { citation in
            guard var sentence = sentences.firstIndex(where: { $0.contains(citation.lowerBound) }) else { return "" }
            let before = sentences[sentence].lowerBound..<citation.lowerBound
            if sentence > 0, words(before).allSatisfy({ !$0.isLetter && !$0.isNumber }) {
                // Skip back over sentences that hold nothing but citations.
                sentence -= 1
                while sentence > 0, words(sentences[sentence]).allSatisfy({ !$0.isLetter && !$0.isNumber }) { sentence -= 1 }
            }
            return words(sentences[sentence])
        }
    }

    /// Whether an answer opens with the sentence the prompt asks for when the passages do
    /// not hold the answer (quotes, emphasis and case aside).
    public static func saysNotFound(_ text: String) -> Bool {
        let opening = text.trimmingWhitespace().drop { "\"'*_“".contains($0) }.lowercased()
        return opening.hasPrefix(AskPrompt.notFound.lowercased().dropLast())
    }

    /// The passages the answer cites truly (a passage given, which bears out a sentence
    /// that cites it), each once, in the order first cited, with the check that bore it out
    /// (its quote, and by what).
    public var citedPassages: [(passage: Passage, quote: String, verdict: CitationSupport.Verdict)] {
        var seen: Set<Int> = []
        return zip(citations, verdicts).compactMap { citation, verdict in
            guard let verdict, verdict.supported, seen.insert(citation.number).inserted, let passage = passage(citation.number) else { return nil }
            return (passage, verdict.quote, verdict)
        }
    }

    /// The citations of passages given whose passage does not bear out the sentence that
    /// cites them (none of that passage's citations does), each once, with the check.
    public var unsupportedCitations: [(citation: Citation, claim: String, verdict: CitationSupport.Verdict)] {
        let supported = Set(citedPassages.map(\.passage.number))
        var seen: Set<Int> = []
        return zip(citations, verdicts).compactMap { citation, verdict in
            guard let verdict, !supported.contains(citation.number), seen.insert(citation.number).inserted else { return nil }
            return (citation, verdict.claim, verdict)
        }
    }

    /// The citations the model made up, each once.
    public var inventedCitations: [Citation] {
        var seen: Set<String> = []
        return citations.filter { $0.isInvented && seen.insert($0.shown).inserted }
    }
}
