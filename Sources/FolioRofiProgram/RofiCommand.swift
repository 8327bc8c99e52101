public import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioLaunch
internal import FolioSemantic
internal import FolioSystem

/// `folio-rofi`: Folio in rofi's script mode (`rofi -show folio -modi folio:folio-rofi`),
/// or, with `--dmenu`, behind any dmenu-like menu (dmenu, fuzzel, wofi, `rofi -dmenu`).
/// The user types words and presses Enter, picks one of the ranked rows, and the file
/// opens, at the page for a PDF.
public struct RofiCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "folio-rofi",
        abstract: "Search Folio from rofi, dmenu, fuzzel or wofi.",
        discussion: """
            rofi:            rofi -show folio -modi folio:folio-rofi
            fuzzel and co.:  folio-rofi --dmenu "fuzzel --dmenu"   (or "wofi --dmenu", "dmenu -l 10", "rofi -dmenu")
            """)

    public init() {}

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: ArgumentHelp("A dmenu-like command (split at spaces), asked first for the words, then to choose a row.",
                                            valueName: "command"))
    var dmenu: String?

    @Option(name: .long, help: "The most rows to show.")
    var limit = 20

    @Argument(help: .hidden)
    var selection: [String] = []

    public func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let dmenu, dmenu.split(separator: " ").isEmpty { throw ValidationError("--dmenu needs a command") }
    }

    public func run() throws {
        do {
            let configuration = try common.configuration()
            let search = LauncherSearch(databasePath: common.databasePath, meaning: MeaningSearch(configuration: configuration, paths: common.paths, databasePath: common.databasePath, environment: Environment.variables, embedderProgram: common.embedderProgram))
            let opener = Opener(options: configuration.open)
            if let dmenu {
                try DmenuSession(command: dmenu.split(separator: " ").map(String.init), search: search, opener: opener,
                                 home: common.paths.home, limit: limit).run()
            } else {
                let rofi = RofiScript(search: search, opener: opener, limit: limit)
                Output.standard(try rofi.answer(retv: Environment.variables["ROFI_RETV"].flatMap(Int.init) ?? 0,
                                                argument: selection.first, info: Environment.variables["ROFI_INFO"]))
            }
        } catch {
            throw ExitStatus.fail("folio-rofi", error)
        }
    }
}
