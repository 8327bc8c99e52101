internal import FolioSQLite

/// A glob over files' names (`*.zip`, `budget-20??.*`, `[Rr]eport*`), matched without
/// regard to case, as `locate -i -b` matches: `folioq --name`. The name is a path's last
/// component, as the index's words of a document's name are (`v0012_file_names.sql`).
public struct NamePattern: Sendable, Equatable {
    /// The glob as given.
    public let glob: String

    /// `nil` for an empty pattern or one with a `/` (a name has none: `--path` narrows by
    /// folder).
    public init?(_ glob: String) {
        guard !glob.isEmpty, !glob.contains("/") else { return nil }
        self.glob = glob
    }

    /// The SQL condition on the path column `column`: SQLite's GLOB over the lower-cased
    /// name and pattern.
    func condition(column: String) -> (sql: String, arguments: SQLiteArguments) {
        ("lower(replace(\(column), rtrim(\(column), replace(\(column), '/', '')), '')) GLOB ?", [glob.lowercased()])
    }
}
