public import FolioCore

/// Removes running headers, footers and page numbers from paged documents.
///
/// A line near the top or bottom of a page is a running header or footer when, after
/// normalising (case, spacing, and every run of digits counted as one digit, so "Page 3 of
/// 40" and "Page 4 of 40" are the same line), it stands near the edge of at least
/// `minimumShare` of the pages and of at least `minimumPages` pages. Such lines are
/// removed from the edges of every page; so are lines that are only a page number.
/// Documents with fewer than `minimumPages` pages are left alone, so a heading that
/// happens to repeat once is never taken for a header.
public struct HeaderFooterFilter: Sendable {
    /// How many non-blank lines at each end of a page are looked at.
    public var edgeLines: Int
    /// The share of pages a line must repeat on.
    public var minimumShare: Double
    /// The fewest pages a line must repeat on, whatever the share.
    public var minimumPages: Int

    public init(edgeLines: Int = 3, minimumShare: Double = 0.4, minimumPages: Int = 3) {
        self.edgeLines = edgeLines
        self.minimumShare = minimumShare
        self.minimumPages = minimumPages
    }

    /// The pages with running headers, footers and page-number lines removed; page
    /// numbers and labels are kept. Every page is judged against the whole document.
    public func filter(_ pages: [Page]) -> [Page] {
        var stream = Stream(filter: self, radius: pages.count)
        return pages.flatMap { stream.add($0) } + stream.finish()
    }

    /// The filter fed one page at a time, for documents too long to hold whole: each page
    /// is judged against the pages within `radius` of it (a line must repeat on
    /// `minimumShare` of those), so at most `2 × radius + 1` pages are held. A document of
    /// up to `radius + 1` pages is judged as a whole, as by `filter(_:)`; in a longer one a
    /// running header is still on most pages around every page, and a chapter's own
    /// running header, which a whole-document count misses, is found too.
    public struct Stream: Sendable {
        public let filter: HeaderFooterFilter
        public let radius: Int
        /// Pages from `radius` before the next one to judge up to the last one added,
        /// with their edge lines' indices and comparison keys, each key computed once.
        private var held: [(page: Page, edges: [(index: Int, key: String)])] = []
        /// The index in `held` of the next page to judge.
        private var next = 0
        /// For each key, how many held pages have it at an edge.
        private var pagesPerKey: [String: Int] = [:]

        public init(filter: HeaderFooterFilter, radius: Int = 32) {
            self.filter = filter
            self.radius = radius
        }

        /// The pages that can now be judged: those with `radius` pages after them.
        public mutating func add(_ page: Page) -> [Page] {
            let edges = filter.edgeLineIndices(page).map { (index: $0, key: HeaderFooterFilter.normalised(page.lines[$0].text)) }
            for key in Set(edges.map(\.key)) { pagesPerKey[key, default: 0] += 1 }
            held.append((page, edges))
            var judged: [Page] = []
            while held.count - 1 - next >= radius { judged.append(judgeNext()) }
            return judged
        }

        /// The pages still to judge, judged.
        public mutating func finish() -> [Page] {
            var judged: [Page] = []
            while next < held.count { judged.append(judgeNext()) }
            held.removeAll()
            pagesPerKey.removeAll()
            next = 0
            return judged
        }

        private mutating func judgeNext() -> Page {
            var (page, edges) = held[next]
            let window = held.count
            // A document shorter than `minimumPages` is left alone: a heading that repeats
            // once is not a header.
            if window >= filter.minimumPages {
                let threshold = max(filter.minimumPages, Int((filter.minimumShare * Double(window)).rounded(.up)))
                let drop = Set(edges.filter { edge in
                    pagesPerKey[edge.key, default: 0] >= threshold || HeaderFooterFilter.isPageNumber(page.lines[edge.index].text)
                }.map(\.index))
                if !drop.isEmpty {
                    page.lines = page.lines.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
                }
            }
            next += 1
            if next > radius {
                for key in Set(held[0].edges.map(\.key)) {
                    pagesPerKey[key]! -= 1
                    if pagesPerKey[key] == 0 { pagesPerKey[key] = nil }
                }
                held.removeFirst()
                next -= 1
            }
            return page
        }
    }

    /// Indices of the first and last `edgeLines` non-blank lines of a page.
    func edgeLineIndices(_ page: Page) -> [Int] {
        let nonBlank = page.lines.indices.filter { !page.lines[$0].text.allSatisfy(\.isWhitespace) }
        if nonBlank.count <= 2 * edgeLines { return nonBlank }
        return Array(nonBlank.prefix(edgeLines) + nonBlank.suffix(edgeLines))
    }

    /// The comparison key of a line: lower-cased, spaces collapsed, digit runs as `#`.
    static func normalised(_ line: String) -> String {
        var key = String.UnicodeScalarView()
        var lastWasSpace = true
        var lastWasDigit = false
        // Scalar by scalar, ASCII without the property tables: this runs on every line of
        // every page.
        for scalar in line.lowercased().unicodeScalars {
            if scalar.isSpace {
                if !lastWasSpace { key.append(" ") }
                lastWasSpace = true
                lastWasDigit = false
            } else if scalar.isASCII ? (0x30...0x39).contains(scalar.value) : scalar.properties.numericType != nil {
                if !lastWasDigit { key.append("#") }
                lastWasDigit = true
                lastWasSpace = false
            } else {
                key.append(scalar)
                lastWasSpace = false
                lastWasDigit = false
            }
        }
        if lastWasSpace, !key.isEmpty { key.removeLast() }
        return String(key)
    }

    /// Whether a line says nothing but a page number: "12", "- 12 -", "Page 12",
    /// "page 3 of 40", "3/40", "xiv".
    static func isPageNumber(_ line: String) -> Bool {
        var words = line.lowercased().split(whereSeparator: { $0.isWhitespace || "-–—|/[]()".contains($0) })
        if words.first == "page" || words.first == "p." || words.first == "seite" || words.first == "pág." { words.removeFirst() }
        if words.count == 3, words[1] == "of" || words[1] == "von" || words[1] == "de" { words.remove(at: 1) }
        guard !words.isEmpty, words.count <= 2 else { return false }
        return words.allSatisfy { word in
            word.allSatisfy(\.isASCII) && (word.allSatisfy(\.isNumber) || isRomanNumeral(word))
        }
    }

    /// Whether a lower-case word is a canonical Roman numeral below 400 ("xiv", not "civil").
    static func isRomanNumeral(_ word: Substring) -> Bool {
        let symbols: [(String, Int)] = [("c", 100), ("xc", 90), ("l", 50), ("xl", 40), ("x", 10), ("ix", 9), ("v", 5), ("iv", 4), ("i", 1)]
        var rest = word
        var value = 0
        for (symbol, amount) in symbols {
            while rest.hasPrefix(symbol) {
                rest = rest.dropFirst(symbol.count)
                value += amount
            }
        }
        return rest.isEmpty && value > 0 && value < 400 && word.count <= 9
    }
}
