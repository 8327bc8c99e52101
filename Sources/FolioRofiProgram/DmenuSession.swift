internal import FolioCore
internal import FolioLaunch
internal import FolioSystem

/// Folio behind a dmenu-like menu, which reads rows on its standard input and prints the
/// chosen one (or the typed text): asked once with no rows for the words, then with the
/// results to choose one.
struct DmenuSession {
    let command: [String]
    let search: LauncherSearch
    let opener: Opener
    let home: String
    let limit: Int

    func run() throws {
        let query = try ask(rows: [])
        guard query.contains(where: { !$0.isWhitespace }) else { return }
        let rows: [LauncherSearch.Row]
        do {
            rows = try search.search(query, limit: limit)
        } catch {
            guard case let .filter(problem) = error else { throw error }
            // The menu is where the user looks: it shows why, as its one row.
            _ = try ask(rows: ["Not understood: \(problem)"])
            return
        }
        let lines = rows.map(line)
        let chosen = try ask(rows: lines)
        guard let index = lines.firstIndex(of: chosen) else { return }
        try opener.open(path: rows[index].id.path, page: rows[index].id.page, kind: rows[index].kind)
    }

    /// One row on one line: name, page and snippet, and where the file is (which also
    /// keeps the lines distinct, so the chosen one names its document).
    private func line(_ row: LauncherSearch.Row) -> String {
        let path = AbsolutePath.abbreviated(row.id.path, home: home)
        return ([row.name, row.description, "(\(path))"].filter { !$0.isEmpty }.joined(separator: " — "))
            .map { $0 == "\n" || $0 == "\t" ? " " : $0 }.reduce(into: "") { $0.append($1) }
    }

    /// Runs the menu with `rows` and returns what it printed, without the newline; a menu
    /// closed with Escape (status 1, nothing printed) gives "".
    private func ask(rows: [String]) throws -> String {
        let result = try ChildProcess.run(command, input: Array(rows.map { $0 + "\n" }.joined().utf8))
        return String(decoding: result.output, as: UTF8.self).trimmingWhitespace()
    }
}
