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

    /// Whether the trigram index answers the LIKE: it needs three characters in a row that
    /// are not wildcards (`*1*` has none, and made FTS5 read every name).
    var usesTrigrams: Bool {
        like.split(whereSeparator: { $0 == "%" || $0 == "_" }).contains { $0.count >= 3 }
    }

    /// The condition on the document `d`: through the trigram index when it answers the
    /// LIKE, else the path's last component matched row by row (files only, not documents
    /// inside one, as `file_name` holds them).
    var documentCondition: (sql: String, arguments: SQLiteArguments) {
        guard !usesTrigrams else {
            return ("d.id IN (SELECT rowid FROM file_name WHERE \(condition.sql))", condition.arguments)
        }
        return ("instr(d.path, '//') = 0 AND lower(folio_file_name(d.path)) GLOB ?", [glob.lowercased()])
    }
}
