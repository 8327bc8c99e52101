internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioDaemon
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
            """)

    @OptionGroup var common: CommonOptions

    func run() throws {
        do {
            let configuration = try common.configuration()
            let file = common.configurationFile
            let required = common.config != nil
            let setup = Daemon.Setup(
                configuration: configuration, databasePath: common.databasePath,
                controlSocketPath: common.paths.controlSocket, home: common.paths.home, executable: try Self.workerProgram(),
                workerArguments: ["--db", common.databasePath] + (required ? ["--config", file] : []),
                environment: Environment.variables,
                reloadConfiguration: { try CommonOptions.loadConfiguration(file: file, required: required) })
            try Daemon(setup: setup).run()
        } catch {
            throw ExitStatus.fail("foliod", error)
        }
    }

    /// `foliod-worker`: beside this binary (the build folder, or a `bin` it was installed
    /// to with it), else in `../libexec` (`make install`).
    static func workerProgram() throws -> String {
        var executable = CommandLine.arguments[0]
        if let resolved = realpath("/proc/self/exe", nil) {
            executable = String(cString: resolved)
            free(resolved)
        }
        let folder = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
        for candidate in [folder + "/foliod-worker", folder + "/../libexec/foliod-worker"] where access(candidate, X_OK) == 0 {
            return candidate
        }
        throw ValidationError("foliod-worker is not beside \(executable) nor in \(folder)/../libexec: install it with foliod (make install)")
    }
}
