public import ArgumentParser

/// `folioctl`: index, list, forget and inspect documents.
public struct FolioControl: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "folioctl",
        abstract: "Control Folio's index.",
        subcommands: [StatusCommand.self, IndexCommand.self, SourcesCommand.self, ErrorsCommand.self, ForgetCommand.self, ExtractCommand.self,
                      PauseCommand.self, ResumeCommand.self, ReindexCommand.self, ReloadCommand.self, ConfigCommand.self, OpenCommand.self])

    public init() {}
}
