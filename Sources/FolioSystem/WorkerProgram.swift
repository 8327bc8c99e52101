internal import Glibc

/// Where `foliod-worker` is, for the programs that start workers (`foliod`, `folioctl
/// index` and `extract`) and the searches that start the embedder; and `folio-mcp`, which
/// `folio mcp` runs. (`locate()`, which says what is missing, is FolioCLI's.)
public enum WorkerProgram {
    /// Where `foliod-worker` is, or `nil` when it is not installed with this program.
    public static func find() -> String? {
        installed("foliod-worker")
    }

    /// Where the program `name` installed with this one is (beside it, or in `../libexec`).
    public static func installed(_ name: String) -> String? {
        let folder = folder(of: runningExecutable)
        return [folder + "/" + name, folder + "/../libexec/" + name].first { access($0, X_OK) == 0 }
    }

    public static var runningExecutable: String {
        guard let resolved = realpath("/proc/self/exe", nil) else { return CommandLine.arguments[0] }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public static func folder(of executable: String) -> String {
        String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
    }
}
