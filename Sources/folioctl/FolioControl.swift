internal import ArgumentParser

/// `folioctl`: index, list and forget documents.
struct FolioControl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folioctl",
        abstract: "Control Folio's index.",
        subcommands: [IndexCommand.self, SourcesCommand.self, ForgetCommand.self])
}
