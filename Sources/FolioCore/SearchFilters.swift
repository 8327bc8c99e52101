/// What narrows a search's matches before they are ranked: where, what kind, which pages,
/// what name, when, how big, by or to whom. Both sides of a search apply them to their
/// candidates, the words in SQL and the meaning in the embedder's scan (`among`), so a
/// filter never empties a list that was cut to its best few first.
///
/// Filled from `folioq`'s options and from the query's own fields (`FilterSyntax`:
/// `invoice after:2023-01 from:anna`), the same in every front end. Codable: the embedder
/// is sent them with the query.
public struct SearchFilters: Sendable, Equatable, Hashable, Codable {
    public var scope: PathScope = .everything
    /// Only documents of these kinds; all kinds when empty.
    public var kinds: Set<DocumentKind> = []
    /// Only chunks with text on these pages (a chunk over a page break counts for both of
    /// its pages): with a scope of one file, "the pages of this book read so far".
    public var pages: ClosedRange<Int>?
    /// Only files whose name matches this pattern.
    public var name: NamePattern?
    /// Only files below a folder of each of these names, or of these relative paths
    /// (`dir:tax`, `dir:2023/receipts`), wherever the folder is.
    public var folderNames: Set<String> = []
    /// Only documents modified (a message: sent) within this time.
    public var time: TimeRange?
    /// Only files of this size.
    public var size: SizeRange?
    /// Only files with one of these extensions, lower case, without the dot.
    public var extensions: Set<String> = []
    /// Only documents whose author, sender or recipients hold each of these texts.
    public var people: [PersonMatch] = []

    public init(scope: PathScope = .everything, kinds: Set<DocumentKind> = []) {
        self.scope = scope
        self.kinds = kinds
    }

    /// Whether any of them narrows the matches.
    public var narrows: Bool { self != SearchFilters() }

    /// Whether any besides a folder or pages narrow the matches: enough to list documents
    /// by, with no words to search for (`folioq type:spreadsheet date:2023-03`).
    public var narrowsBeyondScope: Bool {
        var rest = self
        (rest.scope, rest.pages) = (.everything, nil)
        return rest.narrows
    }
}

/// A span of time, `[from, until)` in seconds since the epoch; either end may be open.
public struct TimeRange: Sendable, Equatable, Hashable, Codable {
    public var from: Int64?
    public var until: Int64?

    public init(from: Int64? = nil, until: Int64? = nil) {
        self.from = from
        self.until = until
    }

    /// Both spans at once: the later start, the earlier end.
    public func intersection(_ other: TimeRange) -> TimeRange {
        TimeRange(from: [from, other.from].compactMap { $0 }.max(), until: [until, other.until].compactMap { $0 }.min())
    }

    /// Whether no moment is in it.
    public var isEmpty: Bool {
        guard let from, let until else { return false }
        return from >= until
    }
}

/// A span of sizes in bytes, `least...most`; either end may be open.
public struct SizeRange: Sendable, Equatable, Hashable, Codable {
    public var least: Int64?
    public var most: Int64?

    public init(least: Int64? = nil, most: Int64? = nil) {
        self.least = least
        self.most = most
    }

    public func intersection(_ other: SizeRange) -> SizeRange {
        SizeRange(least: [least, other.least].compactMap { $0 }.max(), most: [most, other.most].compactMap { $0 }.min())
    }

    public var isEmpty: Bool {
        guard let least, let most else { return false }
        return least > most
    }
}

/// A text that a document's author, sender or recipients must hold, in any case: `from:anna`
/// matches `Anna Berg <anna@example.org>`.
public struct PersonMatch: Sendable, Equatable, Hashable, Codable {
    public enum Role: String, Sendable, Codable, CaseIterable {
        /// A book's or an office document's author.
        case author
        /// A message's sender.
        case from
        /// A message's recipients, `To` and `Cc`.
        case to
    }

    public var role: Role
    public var text: String

    public init(role: Role, text: String) {
        self.role = role
        self.text = text
    }

    /// The fields the role is read from.
    public var fields: [DocumentField] {
        switch role {
        case .author: [.author]
        case .from: [.from]
        case .to: [.to, .cc]
        }
    }
}
