internal import FolioSQLite
internal import FolioCore

extension NamePattern {
    /// The condition on `file_name` (its `name` column) that finds the pattern's files:
    /// a LIKE the trigram index answers (`*` as `%`, `?` and a `[…]` class as `_`, so it
    /// finds a superset), then the glob itself over the lower-cased name. No `ESCAPE`:
    /// FTS5 answers a LIKE of two arguments only, and scans every name for one of three.
    var condition: (sql: String, arguments: SQLiteArguments) {
        ("name LIKE ? AND lower(name) GLOB ?", [like, glob.lowercased()])
    }
}
