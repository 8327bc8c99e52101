internal import FolioCLI
internal import FolioCore
internal import FolioLaunch

/// What both desktop interfaces share: the search, the opener and the bus (to reap what
/// they start and to ask the file manager to show a file).
final class Launcher {
    let search: LauncherSearch
    let opener: Opener
    let server: DBusServer
    let home: String
    /// Where the full results page is written.
    let runtimeDirectory: String

    init(search: LauncherSearch, opener: Opener, server: DBusServer, paths: FolioPaths) {
        self.search = search
        self.opener = opener
        self.server = server
        home = paths.home
        runtimeDirectory = paths.runtimeDirectory
    }

    /// Opens a result: the file, at the page for a PDF. Only files in the index are
    /// opened, so another program on the bus cannot use the provider to start anything.
    func activate(_ id: String) throws(CallFailure) {
        let row = try row(id)
        try run { () throws(LaunchError) in server.reap(try opener.open(path: row.id.path, page: row.id.page, kind: row.kind)) }
    }

    /// Shows the file in the file manager (selected) through the freedesktop
    /// `FileManager1` interface when a file manager serves it, else opens its folder.
    func showInFolder(_ id: String) throws(CallFailure) {
        let row = try row(id)
        let fileManager = "org.freedesktop.FileManager1"
        if server.canReach(fileManager) {
            let arguments = Variant.tuple([Variant.strings([FileURI.encode(row.id.path)]), Variant.string("")])
            do {
                try server.call(fileManager, path: "/org/freedesktop/FileManager1", interface: fileManager, method: "ShowItems", arguments: arguments)
                return
            } catch {
                Output.error("folio-search-provider: FileManager1.ShowItems failed, opening the folder instead: \(error)\n")
            }
        }
        try run { () throws(LaunchError) in server.reap(try opener.openContainingFolder(of: row.id.path)) }
    }

    func copyPath(_ id: String) throws(CallFailure) {
        let row = try row(id)
        try run { () throws(LaunchError) in try Clipboard.copy(row.id.path) }
    }

    /// Every result for `terms` as a page in the default browser (or `[open] command`).
    func showAllResults(_ terms: [String]) throws(CallFailure) {
        let query = terms.joined(separator: " ")
        let rows = try search(query, limit: ResultsPage.rowLimit)
        try run { () throws(LaunchError) in
            let page = try ResultsPage.write(query: query, rows: rows, home: home, folder: runtimeDirectory)
            server.reap(try opener.open(path: page, kind: .html))
        }
    }

    func search(_ text: String, limit: Int) throws(CallFailure) -> [LauncherSearch.Row] {
        guard text.contains(where: { !$0.isWhitespace }) else { return [] }
        do {
            return try search.search(text, limit: limit)
        } catch .filter(let error) {
            throw .badQuery(error.description)
        } catch {
            throw .failed(error.description)
        }
    }

    func row(_ id: String) throws(CallFailure) -> LauncherSearch.Row {
        guard let resultID = ResultID(id) else { throw .invalidArguments("\"\(id)\" is not a Folio result id (PAGE:/PATH)") }
        let found: LauncherSearch.Row?
        do {
            found = try search.row(for: resultID)
        } catch {
            throw .failed(error.description)
        }
        guard let found else { throw .failed(LaunchError.unknownResult(id: id).description) }
        return found
    }

    private func run(_ body: () throws(LaunchError) -> Void) throws(CallFailure) {
        do {
            try body()
        } catch {
            throw .failed(error.description)
        }
    }
}
