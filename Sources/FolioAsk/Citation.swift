internal import FolioCore

/// One `[n]` (or `[n, p. X]`, or `[n: "words"]` with the passage's words the model relies
/// on) in an answer, checked against the passages given: a number no passage had, or a page
/// outside its passage, is the model's invention.
public struct Citation: Sendable, Equatable {
    public var number: Int
    /// The page the model named, if it named one.
    public var page: Int?
    /// The words of the passage the model says it relies on, if it quoted them.
    public var quote: String?
    public var problem: Problem?

    public enum Problem: Sendable, Equatable {
        /// No passage had this number (passages 1 to `given` were given).
        case notGiven(given: Int)
        /// The passage is on `pages`, not on the page named.
        case pageOutside(pages: ClosedRange<Int>)
    }

    public init(number: Int, page: Int?, quote: String? = nil, problem: Problem?) {
        self.number = number
        self.page = page
        self.quote = quote
        self.problem = problem
    }

    public var isInvented: Bool { problem != nil }

    /// As the answer shows it: `[2]`, `[2, p. 14]`, and `[9?]` for an invented one; the
    /// quote goes under Sources, not in the answer's text.
    public var shown: String {
        let page = page.map { ", p. \($0)" } ?? ""
        return "[\(number)\(page)\(isInvented ? "?" : "")]"
    }

    /// Why an invented citation is one, in a sentence.
    public var explanation: String? {
        switch problem {
        case nil: nil
        case let .notGiven(given): "[\(number)] was not given: the passages were numbered 1 to \(given)"
        case let .pageOutside(pages):
            "[\(number), p. \(page ?? 0)]: passage \(number) is on "
                + (pages.count == 1 ? "page \(pages.lowerBound)" : "pages \(pages.lowerBound)–\(pages.upperBound)")
        }
    }
}

/// Reads an answer as it streams in and separates its citations from its text, so that
/// each is shown checked: text comes back as soon as it cannot be part of a citation,
/// a bracket is held until it closes (or grows too long to be one).
public struct CitationReader: Sendable {
    public enum Piece: Sendable, Equatable {
        case text(String)
        case citation(Citation)
    }

    let passages: [Int: ClosedRange<Int>]
    let given: Int
    private var held = ""
    /// Every citation read so far, in order.
    public private(set) var citations: [Citation] = []

    /// A bracket holding more than this is text (`[see the appendix of the report]`).
    static let longestCitation = 40
    /// … unless it opens as a quoted citation (`[2: "`), which may hold this much.
    static let longestQuotedCitation = 600

    public init(passages: [Passage]) {
        self.passages = Dictionary(passages.map { ($0.number, $0.pages) }, uniquingKeysWith: { first, _ in first })
        given = passages.count
    }

    public mutating func add(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var plain = ""
        for character in text {
            if held.isEmpty {
                if character == "[" { held = "[" } else { plain.append(character) }
                continue
            }
            if character == "[" {
                plain += held
                held = "["
            } else if character == "]" {
                if let read = parse(held.dropFirst()) {
                    if !plain.isEmpty { pieces.append(.text(plain)) }
                    plain = ""
                    pieces += read.map(Piece.citation)
                    citations += read
                } else {
                    plain += held + "]"
                }
                held = ""
            } else if character.isNewline || held.count >= (Self.opensQuote(held) ? Self.longestQuotedCitation : Self.longestCitation) {
                plain += held + String(character)
                held = ""
            } else {
                held.append(character)
            }
        }
        if !plain.isEmpty { pieces.append(.text(plain)) }
        return pieces
    }

    /// What was held when the answer ends.
    public mutating func finish() -> [Piece] {
        defer { held = "" }
        return held.isEmpty ? [] : [.text(held)]
    }

    /// Whether a bracket held so far opens a quoted citation: `[2: "`, `[2, p. 14: “`.
    static func opensQuote(_ held: String) -> Bool {
        guard let colon = held.firstIndex(of: ":"), held[held.index(after: colon)...].trimmingWhitespace().first.map(quoteMarks.contains) == true else {
            return false
        }
        return held.dropFirst().first?.isNumber == true
    }

    private static let quoteMarks: Set<Character> = ["\"", "“", "”", "«", "'"]

    /// The citations in a bracket's content: `2`, `1, 3`, `1; 3`, `2, p. 14`, `2 p.14`,
    /// `2, page 14`, and any of them followed by `: "the passage's words"`; `nil` when it is
    /// not a citation. A number of four digits is a year (`[2023]`), not a passage.
    func parse(_ content: Substring) -> [Citation]? {
        if let colon = content.firstIndex(of: ":") {
            let quoted = content[content.index(after: colon)...].trimmingWhitespace()
            guard let open = quoted.first, Self.quoteMarks.contains(open), quoted.count >= 2,
                  let close = quoted.last, Self.quoteMarks.contains(close),
                  var read = parse(content[..<colon]), !read.isEmpty else { return nil }
            let quote = quoted.dropFirst().dropLast().trimmingWhitespace()
            if !quote.isEmpty { read[read.count - 1].quote = String(quote) }
            return read
        }
        let parts = content.split(whereSeparator: { $0 == "," || $0 == ";" }).map { $0.trimmingWhitespace() }
        guard !parts.isEmpty else { return nil }
        var read: [Citation] = []
        for part in parts {
            if let number = Int(part), number >= 0, number < 1000 {
                read.append(check(number, page: nil))
            } else if let page = Self.page(part), let last = read.last, last.page == nil {
                read[read.count - 1] = check(last.number, page: page)
            } else if let space = part.firstIndex(of: " "), let number = Int(part[..<space]), number < 1000,
                      let page = Self.page(part[space...].trimmingWhitespace()) {
                read.append(check(number, page: page))
            } else {
                return nil
            }
        }
        return read
    }

    /// `p. 14`, `p.14`, `p 14`, `page 14`, `pp. 14-15` (the first page): the page named.
    static func page(_ text: String) -> Int? {
        let lowered = text.lowercased()
        for prefix in ["pages", "page", "pp.", "pp", "p.", "p"] where lowered.hasPrefix(prefix) {
            let rest = lowered.dropFirst(prefix.count).trimmingWhitespace()
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let page = Int(digits) else { return nil }
            let after = rest.dropFirst(digits.count).trimmingWhitespace()
            guard after.isEmpty || after.first == "-" || after.first == "–" else { return nil }
            return page
        }
        return nil
    }

    private func check(_ number: Int, page: Int?) -> Citation {
        guard let pages = passages[number] else { return Citation(number: number, page: page, problem: .notGiven(given: given)) }
        if let page, !pages.contains(page) { return Citation(number: number, page: page, problem: .pageOutside(pages: pages)) }
        return Citation(number: number, page: page, problem: nil)
    }
}
