internal import ArgumentParser

/// `folioctl`: index, list, forget and inspect documents.
struct FolioControl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folioctl",
        abstract: "Control Folio's index.",
        subcommands: [IndexCommand.self, SourcesCommand.self, ForgetCommand.self, ExtractCommand.self])
}
