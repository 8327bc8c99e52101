internal import FolioSystem
internal import Glibc

/// Writes to standard output and error; a closed pipe (`folioq … | head`) ends the
/// process quietly, as `grep` does, instead of dying on `SIGPIPE` or printing an error.
public enum Output {
    /// Call once at start-up, before anything is written.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    public static func standard(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    public static func error(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Whether standard output is a terminal that takes colour (and `NO_COLOR` is unset).
    public static let colourOnStandardOutput: Bool = isatty(STDOUT_FILENO) == 1 && Environment.variables["NO_COLOR"] == nil
        && Environment.variables["TERM"] != "dumb"

    public static let standardErrorIsTerminal: Bool = isatty(STDERR_FILENO) == 1

    private static func write(_ text: String, to descriptor: Int32) {
        do {
            try FileDescriptor.writeAll(Array(text.utf8), to: descriptor)
        } catch {
            if error.code == EPIPE { exit(0) }
        }
    }
}
