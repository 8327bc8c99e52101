public import ArgumentParser
internal import Logging
internal import Glibc

/// Runs a command the way every Folio binary runs: usage errors exit with status 2 (not
/// ArgumentParser's 64), help and `--version` exit 0, and a broken pipe is quiet.
public enum CommandLauncher {
    public static func main<Command: ParsableCommand>(_ command: Command.Type) -> Never {
        Output.ignoreBrokenPipe()
        bootstrapLogging()
        do {
            var parsed = try command.parseAsRoot()
            try parsed.run()
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            let status = command.exitCode(for: error)
            if status == .success {
                command.exit(withError: error)
            }
            Output.error(command.fullMessage(for: error) + "\n")
            exit(ExitStatus.error.rawValue)
        }
    }

    /// Log lines go to standard error, at `FOLIO_LOG_LEVEL` (trace … critical; default
    /// warning), so they never mix with results on standard output.
    private static func bootstrapLogging() {
        let level = Environment.variables["FOLIO_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
