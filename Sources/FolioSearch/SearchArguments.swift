public import FolioCore
public import FolioStore
public import FolioText

/// A search's arguments as the window (`/api/search`) and the tools (`search`, for `folio
/// mcp` and the model) take them, checked by one set of rules with one set of reasons: the
/// text present, not blank, at most 1,000 characters; a number within its range; a choice
/// among its values; a path absolute (or `~/…`), a mailbox's message kept after its `//`,
/// and holding indexed documents. Each front end puts the failure in its own error.
public enum SearchArguments {
    public static let maximumCharacters = 1_000

    /// A wrong argument: which, and why.
    public enum Failure: Error, Equatable, Sendable {
        case missing(name: String)
        case invalid(name: String, reason: String)
        /// The path holds no indexed document.
        case notIndexed(path: String)
        /// The index could not be read; the reason is `IndexSession.describe`'s.
        case index(String)
    }

    /// The query's text.
    public static func text(_ value: String?, name: String) throws(Failure) -> String {
        guard let value else { throw .missing(name: name) }
        guard !value.allSatisfy(\.isWhitespace) else { throw .invalid(name: name, reason: "must not be empty") }
        guard value.unicodeScalars.count <= maximumCharacters else {
            throw .invalid(name: name, reason: "must be at most 1,000 characters")
        }
        return value
    }

    /// The words of a query's text, its fields (`after:2023-01 from:anna`, `FilterSyntax`)
    /// added to `filters`; a field not understood is an invalid argument, never an empty
    /// result.
    public static func words(_ text: String, name: String, into filters: inout SearchFilters) throws(Failure) -> SearchQuery {
        do {
            return try SearchQuery(typed: text, filters: &filters)
        } catch {
            throw .invalid(name: name, reason: error.description)
        }
    }

    /// `number` within `range`.
    public static func number(_ number: Int, name: String, in range: ClosedRange<Int>) throws(Failure) -> Int {
        guard range.contains(number) else {
            let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
            throw .invalid(name: name, reason: "must be \(bounds), not \(number)")
        }
        return number
    }

    /// One of `Choice`'s raw values.
    public static func choice<Choice: RawRepresentable & CaseIterable>(_ text: String, name: String) throws(Failure) -> Choice
        where Choice.RawValue == String {
        guard let choice = Choice(rawValue: text) else {
            throw .invalid(name: name, reason: "must be one of \(Choice.allCases.map(\.rawValue).joined(separator: ", ")), not \(text)")
        }
        return choice
    }

    /// An absolute path (or `~/…`), without `.` and `..`, a mailbox's message kept after its
    /// `//` (`Inbox.mbox//42`); a relative one is refused: the server's own folder means
    /// nothing to whoever asks.
    public static func path(_ path: String, name: String = "path", paths: FolioPaths) throws(Failure) -> String {
        let characters = Array(path)
        let member = characters.indices.dropFirst().first { characters[$0] == "/" && characters.indices.contains($0 + 1) && characters[$0 + 1] == "/" }
        guard let absolute = paths.absolute(member.map { String(characters[..<$0]) } ?? path) else {
            throw .invalid(name: name, reason: "must be an absolute path (as search results give them) or start with ~/, not \(path)")
        }
        return absolute + (member.map { "//" + String(characters[($0 + 2)...]) } ?? "")
    }

    /// The folder (or file) at `path` as a search's scope, refused unless the index holds a
    /// document there.
    public static func scope(_ path: String, paths: FolioPaths, reader: IndexReader, session: IndexSession) throws(Failure) -> PathScope {
        let absolute = try Self.path(path, paths: paths)
        let holds: Bool
        do {
            holds = try reader.hasDocuments(in: .tree(absolute))
        } catch {
            throw .index(session.describe(error))
        }
        guard holds else { throw .notIndexed(path: absolute) }
        return .tree(absolute)
    }
}
