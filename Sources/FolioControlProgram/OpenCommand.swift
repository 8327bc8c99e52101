internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioLaunch

/// `folioctl open FILE [--page N]`: opens a document as the desktop launchers do (`[open]`
/// in the configuration, else the default program, a PDF at its page): how a source that
/// `folioq --ask` cites, or any result, is opened from a terminal.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a document as the launchers do, a PDF at a page.")

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "The page to open a PDF at.")
    var page = 1

    @Flag(name: .long, help: "Print the command instead of running it.")
    var dryRun = false

    @Argument(help: "The document.")
    var file: String

    func validate() throws {
        if page < 1 { throw ValidationError("--page must be at least 1") }
    }

    func run() throws {
        // A document inside a file (`folioq` shows it as FILE//WHERE) keeps its `//`.
        let path = DocumentKey.isInner(file) ? file : AbsolutePath.normalise(common.paths.expandingTilde(file), relativeTo: Environment.currentDirectory)
        let options: OpenOptions
        do {
            options = try common.configuration().open
        } catch {
            throw ExitStatus.fail("folioctl", error)
        }
        let opener = Opener(options: options)
        let kind = DocumentKind(path: path) ?? .text
        if dryRun {
            Output.standard(opener.command(path: path, page: page, kind: kind).joined(separator: " ") + "\n")
            return
        }
        do {
            try opener.open(path: path, page: page, kind: kind)
        } catch {
            throw ExitStatus.fail("folioctl", error)
        }
    }
}
