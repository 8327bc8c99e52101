public import ArgumentParser
internal import Logging
internal import Glibc

/// Runs a command the way every Folio binary runs: usage errors exit with status 2 (not
/// ArgumentParser's 64), help and `--version` exit 0, and a broken pipe is quiet.
public enum CommandLauncher {
    /// `limitsOpenMP`: for the binaries that run tesseract (see `limitOpenMPThreads`).
    /// `quickly`: a parse of the usual command lines that spares ArgumentParser's cost where
    /// it counts (`folioq`, run per query); ArgumentParser parses what it leaves (`nil`).
    /// `skipping`: the words of the command line before the arguments (2 for `folio chat`).
    public static func main<Command: ParsableCommand>(_ command: Command.Type, limitsOpenMP: Bool = false,
                                                      quickly: (([String]) -> Command?)? = nil, skipping: Int = 1) -> Never {
        if limitsOpenMP { limitOpenMPThreads() }
        Output.ignoreBrokenPipe()
        bootstrapLogging()
        let arguments = Array(CommandLine.arguments.dropFirst(skipping))
        do {
            var parsed: any ParsableCommand = try quickly?(arguments) ?? command.parseAsRoot(arguments)
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

    /// Debian's tesseract uses OpenMP, which is 5–7 times slower per page on two cores and
    /// fights other workers for them unless `OMP_THREAD_LIMIT=1` is in the environment
    /// when the process starts: the runtime reads it before `main`. So a binary started
    /// without it sets it and executes itself again, once.
    private static func limitOpenMPThreads() {
        guard getenv("OMP_THREAD_LIMIT") == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // execv returns only on failure: go on, slower.
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
