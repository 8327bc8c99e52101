internal import FolioSystem
internal import Glibc

/// Runs and starts the helper programs the launchers use, by name from `PATH`.
enum ProgramRunner {
    /// Whether `name` is an executable file in one of `PATH`'s folders.
    static func isInstalled(_ name: String) -> Bool {
        ChildProcess.locate(name) != nil
    }

    /// Runs a program to its end and returns its standard output; a failure names it.
    static func output(_ command: [String], input: [UInt8] = []) throws(LaunchError) -> String {
        let result: (status: Int32, output: [UInt8])
        do {
            result = try ChildProcess.run(command, input: input)
        } catch {
            throw .failed(command, error)
        }
        guard result.status == 0 else { throw .failed(command: command, reason: ChildProcess.describe(exitStatus: result.status)) }
        return String(decoding: result.output, as: UTF8.self)
    }

    /// Starts a program in a session of its own, so it stays open after the launcher
    /// exits, and returns its process id for the caller to reap.
    static func start(_ command: [String]) throws(LaunchError) -> Int32 {
        do {
            return try ChildProcess.spawn(command, newSession: true)
        } catch {
            throw .cannotStart(command: command, reason: error.reason)
        }
    }
}
