public import ArgumentParser

/// Folio's exit statuses, grep's convention: 0 found (or done), 1 nothing found (or some
/// files failed), 2 an error.
public enum ExitStatus {
    public static let success = ExitCode(0)
    public static let nothing = ExitCode(1)
    public static let error = ExitCode(2)

    /// Prints `program: message` to standard error and gives the error status.
    public static func fail(_ program: String, _ error: some Error) -> ExitCode {
        Output.error("\(program): \(error)\n")
        return Self.error
    }
}
