internal import FolioCore
public import FolioStore
internal import FolioSystem
internal import Glibc

/// The full results of a search as a web page, for "show all results" from a launcher
/// (GNOME's `LaunchSearch`): any desktop can show it, each title links to its file (PDFs
/// at the page, `#page=N`, which browsers' PDF viewers follow), matches are marked.
public enum ResultsPage {
    /// The most documents the page lists.
    public static let rowLimit = 100

    /// Writes the page for `query` to `folder/results.html` (private: it holds text from
    /// the documents) and returns its path.
    public static func write(query: String, rows: [LauncherSearch.Row], home: String, folder: String) throws(LaunchError) -> String {
        try write(render(query: query, rows: rows, home: home), folder: folder)
    }

    /// Writes the page shown when Folio is started from the desktop's application list:
    /// what is indexed and where to search from.
    public static func writeOverview(counts: IndexCounts?, folder: String) throws(LaunchError) -> String {
        let indexed = counts.map {
            "\($0.documents) documents (\($0.pages) pages) are indexed" + ($0.failed > 0 ? "; \($0.failed) could not be read (folioctl errors)." : ".")
        } ?? "Nothing is indexed yet: start foliod, or run folioctl index ~/Documents."
        let body = "<p>" + escape(indexed) + "</p>\n<p>Search by typing words from inside a document in the Activities overview or"
            + " KRunner, in rofi with <code>rofi -show folio -modi folio:folio-rofi</code>, or in a terminal with <code>folioq WORDS</code>.</p>\n"
        return try write(page(title: "Folio", body: body), folder: folder)
    }

    static func render(query: String, rows: [LauncherSearch.Row], home: String) -> String {
        var html = "<p>\(rows.isEmpty ? "Nothing found." : rows.count == 1 ? "1 document" : "\(rows.count) documents")</p>\n<ol>\n"
        for row in rows {
            let link = FileURI.encode(row.id.path) + (row.kind == .pdf ? "#page=\(row.id.page)" : "")
            let shownPath = AbsolutePath.abbreviated(row.id.path, home: home)
            let page = row.pageText.map { " · " + $0 } ?? ""
            let snippet = row.snippet.rendered(text: escape, match: { "<mark>" + escape($0) + "</mark>" })
            html += "<li><a href=\"\(escape(link))\">\(escape(row.name))</a>\n"
                + "<div class=\"where\">\(escape(shownPath))\(escape(page))</div>\n<p>\(snippet)</p></li>\n"
        }
        return page(title: query, body: html + "</ol>\n")
    }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Folio: \(escape(title))</title>
        <style>
        body { font: 15px/1.45 system-ui, sans-serif; max-width: 50em; margin: 2em auto; padding: 0 1em; color: #222; }
        li { margin-bottom: 1.1em; } a { font-size: 1.1em; } .where { color: #666; font-size: .9em; } mark { background: #fe6; }
        </style></head>
        <body><h1>\(escape(title))</h1>
        \(body)</body></html>

        """
    }

    private static func write(_ html: String, folder: String) throws(LaunchError) -> String {
        let path = folder + "/results.html"
        do {
            try Directory.makePrivate(folder)
            try PrivateFile.write(Array(html.utf8), to: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        return path
    }

    /// Text for HTML (and for Pango markup, which reads the same entities).
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
