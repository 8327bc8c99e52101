public import ArgumentParser
internal import Glibc

/// Where `foliod-worker` is, for the programs that start workers (`foliod`, `folioctl
/// index` and `extract`).
public enum WorkerProgram {
    /// Beside the running binary (the build folder, or a `bin` it was installed to with
    /// it), else in `../libexec` (`make install`).
    public static func locate() throws(ExitCode) -> String {
        var executable = CommandLine.arguments[0]
        if let resolved = realpath("/proc/self/exe", nil) {
            executable = String(cString: resolved)
            free(resolved)
        }
        let folder = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
        for candidate in [folder + "/foliod-worker", folder + "/../libexec/foliod-worker"] where access(candidate, X_OK) == 0 {
            return candidate
        }
        Output.error("\(executable): foliod-worker is not beside it nor in \(folder)/../libexec: install it with the other programs (make install)\n")
        throw ExitStatus.error
    }
}
