internal import FolioCore
internal import FolioLaunch

/// rofi's script-mode protocol: rofi runs the script again after each choice, with the
/// chosen row (or the typed text) as its argument, `ROFI_RETV` saying which it was and
/// `ROFI_INFO` the hidden info of a chosen row; the script prints the next rows, and
/// printing none ends rofi. Row options follow a NUL, fields are split by 0x1F.
///
/// Specification: rofi-script(5).
struct RofiScript {
    let search: LauncherSearch
    let opener: Opener
    let limit: Int

    /// `ROFI_RETV`: 0 first call, 1 a row chosen, 2 text typed and Enter pressed.
    func answer(retv: Int, argument: String?, info: String?) throws -> String {
        if retv == 1, let info, let id = ResultID(info), let row = try search.row(for: id) {
            try opener.open(path: row.id.path, page: row.id.page, kind: row.kind)
            return ""
        }
        guard let query = argument, retv != 0, query.contains(where: { !$0.isWhitespace }) else {
            return Self.option("prompt", "Folio") + Self.option("message", "Type words and press Enter")
        }
        let rows: [LauncherSearch.Row]
        do {
            rows = try search.search(query, limit: limit)
        } catch {
            guard case let .filter(problem) = error else { throw error }
            return Self.option("prompt", query) + Self.option("message", "Not understood: " + Pango.escape(problem.description))
        }
        var output = Self.option("prompt", query) + Self.option("markup-rows", "true")
        if rows.isEmpty { output += Self.option("message", "Nothing found for " + Pango.escape(query)) }
        for row in rows {
            output += "<b>\(Pango.escape(row.name))</b>  <small>\(Pango.markup(row))</small>"
            output += "\0info\u{1F}\(row.id.text)\u{1F}icon\u{1F}\(row.iconName)\n"
        }
        return output
    }

    /// A line that sets one of rofi's mode options.
    private static func option(_ name: String, _ value: String) -> String {
        "\0\(name)\u{1F}\(value)\n"
    }
}

/// rofi shows rows as Pango markup: text escaped, matches underlined.
enum Pango {
    /// Escaped as markup, and without the characters that end a row or its options.
    static func escape(_ text: String) -> String {
        ResultsPage.escape(String(text.map { $0 == "\n" || $0 == "\u{1F}" || $0 == "\0" ? " " : $0 }))
    }

    /// The page and the snippet with its matches underlined.
    static func markup(_ row: LauncherSearch.Row) -> String {
        let snippet = row.snippet.rendered(text: escape, match: { "<u>" + escape($0) + "</u>" })
        return [row.pageText.map(escape), snippet].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }
}
