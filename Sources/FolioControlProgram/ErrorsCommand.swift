internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioStore

/// `folioctl errors`: the files that failed or were partly read, with the reasons.
struct ErrorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "errors", abstract: "List the files that failed or were partly read, and why.")

    @OptionGroup var common: CommonOptions

    func run() throws {
        let documents: [DocumentRecord]
        do {
            let reader = try IndexReader(path: common.databasePath)
            documents = try reader.documents(in: .everything, status: .failed) + reader.documents(in: .everything, status: .partial)
        } catch {
            throw ExitStatus.fail("folioctl", error)
        }
        Output.standard(documents.map { "\($0.status.rawValue)\t\($0.path)\n\t\($0.error ?? "")\n" }.joined())
        if documents.isEmpty { throw ExitStatus.nothing }
    }
}

/// `folioctl config check`: validates the configuration without starting anything.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "config", abstract: "Check the configuration.",
                                                    subcommands: [Check.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "check", abstract: "Validate the configuration file; exit 2 if it is invalid.")

        @OptionGroup var common: CommonOptions

        func run() throws {
            do {
                let configuration = try common.configuration()
                Output.standard("\(common.configurationFile): valid; folders: \(configuration.folders.joined(separator: ", "))\n")
            } catch {
                throw ExitStatus.fail("folioctl", error)
            }
        }
    }
}
