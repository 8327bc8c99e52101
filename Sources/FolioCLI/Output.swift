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
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { exit(0) }
                    return
                }
                offset += written
            }
        }
    }
}
