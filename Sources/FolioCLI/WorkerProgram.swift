public import ArgumentParser
public import FolioSystem

extension WorkerProgram {
    /// Beside the running binary (the build folder, or a `bin` it was installed to with
    /// it), else in `../libexec` (`make install`).
    public static func locate() throws(ExitCode) -> String {
        if let found = find() { return found }
        Output.error("\(runningExecutable): foliod-worker is not beside it nor in \(folder(of: runningExecutable))/../libexec: "
            + "install it with the other programs (make install)\n")
        throw ExitStatus.error
    }
}
