internal import FolioSQLite
internal import FolioCore

extension SearchFilters {
    /// The SQL conditions (each starting ` AND `, on `d`, the document, and `c`, the chunk)
    /// that keep the documents and chunks these filters allow, and their arguments.
    var conditions: (sql: String, arguments: SQLiteArguments) {
        var sql = ""
        var arguments: SQLiteArguments = []
        if scope != .everything {
            let scope = scope.condition(column: "d.path")
            sql += " AND " + scope.sql
            arguments += scope.arguments
        }
        if !kinds.isEmpty {
            sql += " AND d.kind IN (" + Array(repeating: "?", count: kinds.count).joined(separator: ", ") + ")"
            arguments += SQLiteArguments(kinds.map(\.rawValue).sorted())
        }
        if let pages {
            sql += " AND c.page_last >= ? AND c.page_first <= ?"
            arguments += [pages.lowerBound, pages.upperBound]
        }
        if let name {
            let condition = name.documentCondition
            sql += " AND " + condition.sql
            arguments += condition.arguments
        }
        for folder in folderNames.sorted() {
            sql += " AND instr(d.path, ?) > 0"
            arguments += ["/" + folder + "/"]
        }
        for (condition, bound) in [("\(Self.when) >= ?", time?.from), ("\(Self.when) < ?", time?.until),
                                   ("d.size >= ?", size?.least), ("d.size <= ?", size?.most)] {
            guard let bound else { continue }
            sql += " AND " + condition
            arguments += [bound]
        }
        if !extensions.isEmpty {
            // LIKE ignores ASCII case, and an extension is letters and digits only.
            sql += " AND (" + Array(repeating: "d.path LIKE ?", count: extensions.count).joined(separator: " OR ") + ")"
            arguments += SQLiteArguments(extensions.sorted().map { "%." + $0 })
        }
        for person in people {
            let names = person.fields.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            sql += " AND d.id IN (SELECT document_id FROM document_field WHERE name IN (\(names)) AND value LIKE ? ESCAPE '\\')"
            arguments += ["%" + Self.escapedForLike(person.text) + "%"]
        }
        return (sql, arguments)
    }

    /// When a document was written, in seconds: a message's `Date`, else the file's
    /// modification time, kept by the index's triggers (v0014) and indexed.
    static let when = "d.written_s"

    /// `text` with LIKE's own `%`, `_` and the escape itself escaped.
    private static func escapedForLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
