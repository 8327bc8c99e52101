internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioDaemon
internal import FolioStore
internal import Glibc

/// `foliod`: the background service that keeps the index equal to the configured folders.
struct FolioDaemonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foliod",
        abstract: "Watch the configured folders (default ~/Documents) and keep the index up to date.",
        discussion: """
            Runs until SIGTERM (finishing the files in hand). SIGHUP or `folioctl reload` re-reads the \
            configuration. `folioctl status` shows what it is doing. Usually started by systemd \
            (systemd/foliod.service).
            """,
        subcommands: [Run.self, WorkerCommand.self],
        defaultSubcommand: Run.self)

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the daemon (the default).")

        @OptionGroup var common: CommonOptions

        func run() throws {
            do {
                let configuration = try common.configuration()
                let file = common.configurationFile
                let required = common.config != nil
                let setup = Daemon.Setup(
                    configuration: configuration, databasePath: common.databasePath,
                    controlSocketPath: common.paths.controlSocket, home: common.paths.home, executable: "/proc/self/exe",
                    workerArguments: ["worker", "--db", common.databasePath] + (required ? ["--config", file] : []),
                    environment: Environment.variables,
                    reloadConfiguration: { try CommonOptions.loadConfiguration(file: file, required: required) })
                try Daemon(setup: setup).run()
            } catch {
                throw ExitStatus.fail("foliod", error)
            }
        }
    }

    struct WorkerCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "worker", abstract: "An extraction process of the daemon (started by foliod itself).", shouldDisplay: false)

        @OptionGroup var common: CommonOptions

        func run() throws {
            do {
                WorkerLoop.run(store: try IndexStore(path: common.databasePath), configuration: try common.configuration())
            } catch {
                throw ExitStatus.fail("foliod worker", error)
            }
        }
    }
}
