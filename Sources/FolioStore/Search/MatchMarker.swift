internal import FolioSQLite
internal import FolioText

/// Finds a query's words in a chunk's text the way FTS5 matches them (its own tokenizer,
/// so folded and stemmed alike; a phrase as consecutive terms; a prefix as the start of a
/// term) and cuts the snippet around them.
///
/// FTS5's `snippet()` and `highlight()` evaluate the MATCH expression again for each row
/// they are asked for, which for a long question cost more than ranking the results;
/// tokenizing the ten texts costs a small part of that (docs/benchmarks.md).
struct MatchMarker {
    /// A term's indexed tokens in order; `prefix`: the last one matches any term it begins.
    private struct Phrase {
        var terms: [String]
        var prefix: Bool
    }

    /// One place a phrase matched: its first and last token.
    private struct Instance {
        var first: Int
        var last: Int
        var phrase: Int
    }

    private let phrases: [Phrase]
    /// The phrases by their first term, but for the one-term prefixes (`prefixes`), which
    /// are compared with every token. A list, not a dictionary: a query has a few first
    /// terms, and comparing a token with each costs less than hashing it (a fifth of a
    /// ten-result snippet's work was hashing the chunks' 5,000 tokens).
    private let byFirstTerm: [(term: String, phrases: [Int])]
    private let prefixes: [Int]

    init(_ db: SQLiteConnection, terms: [SearchQuery.Term]) throws {
        let phrases = try terms.compactMap { term in
            let indexed = try db.fullTextTerms(of: term.tokens.joined(separator: " "), tokenizer: FullTextIndex.tokenizer)
            return indexed.isEmpty ? nil : Phrase(terms: indexed, prefix: term.isPrefix)
        }
        let isPrefix = phrases.map { $0.prefix && $0.terms.count == 1 }
        self.phrases = phrases
        prefixes = phrases.indices.filter { isPrefix[$0] }
        byFirstTerm = Dictionary(grouping: phrases.indices.filter { !isPrefix[$0] }, by: { phrases[$0].terms[0] })
            .map { (term: $0.key, phrases: $0.value) }
    }

    /// At most `words` tokens of `text` around the most different matched phrases (a window
    /// that starts a sentence preferred, as FTS5's `snippet()` does), the matches between
    /// `Snippet.openMark` and `Snippet.closeMark`, `…` where text was left out; and the
    /// offset in Unicode scalars of the first match in the whole text, if any.
    func snippet(of text: String, words: Int, in db: SQLiteConnection) throws -> (marked: String, firstMatch: Int?) {
        let tokens = try db.fullTextTokens(of: text, tokenizer: FullTextIndex.tokenizer)
        let instances = self.instances(in: tokens)
        let bytes = Array(text.utf8)
        let start = bestStart(tokens: tokens, instances: instances, text: bytes, words: words)
        let last = min(start + words, tokens.count) - 1
        var marked = start > 0 ? "…" : ""
        var position = start > 0 ? tokens[start].bytes.lowerBound : 0
        let end = last < 0 || last == tokens.count - 1 ? bytes.count : tokens[last].bytes.upperBound
        for (first, final) in merged(instances, within: start...max(start, last)) {
            marked += String(decoding: bytes[position..<tokens[first].bytes.lowerBound], as: UTF8.self)
            marked.unicodeScalars.append(Snippet.openMark)
            marked += String(decoding: bytes[tokens[first].bytes.lowerBound..<tokens[final].bytes.upperBound], as: UTF8.self)
            marked.unicodeScalars.append(Snippet.closeMark)
            position = tokens[final].bytes.upperBound
        }
        marked += String(decoding: bytes[position..<max(position, end)], as: UTF8.self)
        if last < tokens.count - 1 { marked += "…" }
        let firstMatch = instances.first.map { String(decoding: bytes[..<tokens[$0.first].bytes.lowerBound], as: UTF8.self).unicodeScalars.count }
        return (marked, firstMatch)
    }

    /// Every place a phrase matches, by first token.
    private func instances(in tokens: [FullTextToken]) -> [Instance] {
        func matches(_ phrase: Phrase, at index: Int) -> Bool {
            guard index + phrase.terms.count <= tokens.count else { return false }
            return phrase.terms.indices.allSatisfy { offset in
                let term = tokens[index + offset].term
                return phrase.prefix && offset == phrase.terms.count - 1 ? term.hasPrefix(phrase.terms[offset]) : term == phrase.terms[offset]
            }
        }
        var found: [Instance] = []
        for index in tokens.indices {
            for first in byFirstTerm where first.term == tokens[index].term {
                for number in first.phrases where matches(phrases[number], at: index) {
                    found.append(Instance(first: index, last: index + phrases[number].terms.count - 1, phrase: number))
                }
            }
            for number in prefixes where matches(phrases[number], at: index) {
                found.append(Instance(first: index, last: index, phrase: number))
            }
        }
        return found
    }

    /// The first token of the window shown. Each window begun at a match, or at the start
    /// of the sentence holding it, scores 1,000 for each different phrase in it and 1 for
    /// each repeat; one begun at a sentence gets 100 more (120 at the text's start). A window
    /// begun at a match is then moved to centre the matches it holds.
    ///
    /// The instances are in order of their first token, so a window's are read from the
    /// first at or after its start to the first past its end, and the phrases it has seen
    /// are marked with the window's number: a set per window over every instance was a
    /// third of a ten-result snippet's work for `memory allocation`.
    private func bestStart(tokens: [FullTextToken], instances: [Instance], text: [UInt8], words: Int) -> Int {
        guard !instances.isEmpty, tokens.count > words else { return 0 }
        let sentenceStarts = self.sentenceStarts(tokens, text: text)
        var seenIn = [Int](repeating: -1, count: phrases.count)
        var window = 0
        func score(from start: Int) -> (score: Int, first: Int, last: Int) {
            var low = 0, high = instances.count
            while low < high {
                let middle = (low + high) / 2
                if instances[middle].first < start { low = middle + 1 } else { high = middle }
            }
            window += 1
            var score = 0
            var first = Int.max
            var last = start
            for instance in instances[low...] {
                guard instance.first < start + words else { break }
                guard instance.last < start + words else { continue }
                score += seenIn[instance.phrase] == window ? 1 : 1000
                seenIn[instance.phrase] = window
                first = min(first, instance.first)
                last = max(last, instance.last)
            }
            return (score, first, last)
        }
        var best = (score: -1, start: 0)
        var sentence = 0
        for instance in instances {
            let window = score(from: instance.first)
            if window.score > best.score {
                let centred = window.first - (words - (window.last - window.first + 1)) / 2
                best = (window.score, max(0, min(tokens.count - words, centred)))
            }
            while sentence + 1 < sentenceStarts.count, sentenceStarts[sentence + 1] <= instance.first { sentence += 1 }
            let begun = sentenceStarts[sentence]
            if instance.first - begun < words {
                let bonus = score(from: begun).score + (begun == 0 ? 120 : 100)
                if bonus > best.score { best = (bonus, begun) }
            }
        }
        return best.start
    }

    /// The tokens that begin a sentence: the first, and each after a `.`, `!` or `?`.
    private func sentenceStarts(_ tokens: [FullTextToken], text: [UInt8]) -> [Int] {
        var starts = [0]
        for index in tokens.indices.dropFirst()
        where text[tokens[index - 1].bytes.upperBound..<tokens[index].bytes.lowerBound].contains(where: { $0 == 0x2E || $0 == 0x21 || $0 == 0x3F }) {
            starts.append(index)
        }
        return starts
    }

    /// The matches inside `window` as token ranges, overlapping ones joined.
    private func merged(_ instances: [Instance], within window: ClosedRange<Int>) -> [(Int, Int)] {
        var ranges: [(Int, Int)] = []
        for instance in instances where instance.first <= window.upperBound && instance.last >= window.lowerBound {
            let range = (max(instance.first, window.lowerBound), min(instance.last, window.upperBound))
            if let previous = ranges.last, range.0 <= previous.1 {
                ranges[ranges.count - 1].1 = max(previous.1, range.1)
            } else {
                ranges.append(range)
            }
        }
        return ranges
    }
}
