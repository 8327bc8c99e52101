public import ArgumentParser
internal import FolioCLI
internal import FolioLaunch
internal import FolioSemantic

/// `folio-search-provider`: answers GNOME Shell's and KRunner's searches over D-Bus from
/// the index, read-only, so it works whether or not `foliod` runs. D-Bus starts it on the
/// first search (`org.folio.Search.service`) and it exits when unused.
public struct SearchProviderCommand: ParsableCommand {
    static let busName = "org.folio.Search"

    public static let configuration = CommandConfiguration(
        commandName: "folio-search-provider",
        abstract: "Serve Folio's results to GNOME Shell and KRunner over D-Bus (\(busName)).",
        discussion: "D-Bus starts it when the desktop first searches; there is no need to run it by hand.")

    public init() {}

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: ArgumentHelp("Exit after this many seconds without a call; 0 never.", valueName: "seconds"))
    var idleExit = 300

    @Flag(name: .long, help: "Show the results for WORDS (or what is indexed) in the browser, and exit: the desktop entry's command.")
    var openResults = false

    @Argument(help: ArgumentHelp("With --open-results: what to search for.", valueName: "words"))
    var words: [String] = []

    public func validate() throws {
        if idleExit < 0 { throw ValidationError("--idle-exit must be 0 or more") }
        if !words.isEmpty, !openResults { throw ValidationError("words are searched only with --open-results") }
    }

    public func run() throws {
        do {
            let configuration = try common.configuration()
            if openResults {
                let search = LauncherSearch(databasePath: common.databasePath, meaning: MeaningSearch(configuration: configuration, paths: common.paths, databasePath: common.databasePath, environment: Environment.variables, embedderProgram: common.embedderProgram))
                let query = words.joined(separator: " ")
                let page = query.isEmpty
                    ? try ResultsPage.writeOverview(counts: search.counts(), folder: common.paths.runtimeDirectory)
                    : try ResultsPage.write(query: query, rows: search.search(query, limit: ResultsPage.rowLimit), home: common.paths.home,
                                            folder: common.paths.runtimeDirectory)
                try Opener(options: configuration.open).open(path: page, kind: .html)
                return
            }
            let server = try DBusServer(idleExitSeconds: idleExit)
            let launcher = Launcher(search: LauncherSearch(databasePath: common.databasePath, meaning: MeaningSearch(configuration: configuration, paths: common.paths, databasePath: common.databasePath, environment: Environment.variables, embedderProgram: common.embedderProgram)), opener: Opener(options: configuration.open),
                                    server: server, paths: common.paths)
            try server.register(GnomeSearchProvider(launcher: launcher))
            try server.register(KRunnerProvider(launcher: launcher))
            try server.requestName(Self.busName)
            server.run()
        } catch {
            throw ExitStatus.fail("folio-search-provider", error)
        }
    }
}
