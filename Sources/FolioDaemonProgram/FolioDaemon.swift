public import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioDaemon
internal import FolioSystem
internal import Glibc

/// `foliod`: the background service that keeps the index equal to the configured folders.
public struct FolioDaemonCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "foliod",
        abstract: "Watch the configured folders (default ~/Documents) and keep the index up to date.",
        discussion: """
            Runs until SIGTERM (finishing the files in hand). SIGHUP or `folioctl reload` re-reads the \
            configuration. `folioctl status` shows what it is doing. Usually started by systemd \
            (systemd/foliod.service).
            """)

    public init() {}

    @OptionGroup var common: CommonOptions

    /// Replaces this process with foliod started anew, the same pid and arguments: its start
    /// rebuilds a damaged index, with nothing of this run's state left over.
    private static func startAgain() throws {
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        execv("/proc/self/exe", arguments)
        throw ExitStatus.fail("foliod", SystemError(operation: "execv", path: "/proc/self/exe", code: errno))
    }

    public func run() throws {
        do {
            let configuration = try common.configuration()
            let file = common.configurationFile
            let required = common.config != nil
            let setup = Daemon.Setup(
                configuration: configuration, databasePath: common.databasePath,
                controlSocketPath: common.paths.controlSocket, home: common.paths.home,
                workerArguments: try common.workerArguments(),
                environment: Environment.variables,
                reloadConfiguration: { try CommonOptions.loadConfiguration(file: file, required: required) })
            if try Daemon(setup: setup).run() == .indexDamaged { try Self.startAgain() }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw ExitStatus.fail("foliod", error)
        }
    }
}
