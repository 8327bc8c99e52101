import Foundation
import FolioSystem
import FolioTestSupport

/// Runs the built `folioq`, `folioctl` and `foliod` as a user would, in a private home
/// with a runtime folder of its own.
struct Binaries {
    /// The folder of the built products.
    static let directory = BuiltProducts.directory

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    let home: String
    var environment: [String: String]
    private let embedderStopper: EmbedderStopper

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("folio-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/Documents", withIntermediateDirectories: true)
        // No shared data folders: the embedding model installed for every user is out of
        // sight, so these tests see search by words, and Folio's way of going on without the
        // model. `withSemanticSearch()` brings it back.
        environment = ["HOME": home, "PATH": "/usr/bin:/bin", "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config",
                       "LANG": "C.UTF-8", "XDG_DATA_DIRS": home + "/no-shared-data", "XDG_RUNTIME_DIR": home + "/run"]
        embedderStopper = EmbedderStopper(lock: home + "/run/folio/embedder.lock")
    }

    /// Ends the embedder a search started in this home (it would otherwise outlive the
    /// test by its idle minutes) once the last copy of the `Binaries` is gone.
    private final class EmbedderStopper: Sendable {
        let lock: String

        init(lock: String) {
            self.lock = lock
        }

        deinit {
            if let pid = ProcessLock.holder(lock) { kill(pid, SIGTERM) }
        }
    }

    /// `folioctl status --json`, read.
    func statusReport() throws -> [String: Any]? {
        try JSONSerialization.jsonObject(with: Data(run("folioctl", ["status", "--json"]).output.utf8)) as? [String: Any]
    }

    /// The process id of the embedder answering in this home, if one does.
    var embedderPid: Int32? { ProcessLock.holder(embedderStopper.lock) }

    /// The same home with the data folders where `make test` installs the embedding model.
    func withSemanticSearch() -> Binaries {
        var copy = self
        copy.environment["XDG_DATA_DIRS"] = "/usr/local/share:/usr/share"
        return copy
    }

    var databasePath: String { home + "/data/folio/folio.sqlite" }

    /// Runs a binary to completion; output goes through files so a large output cannot
    /// fill a pipe and stall the child.
    @discardableResult
    func run(_ program: String, _ arguments: [String], shell: String? = nil, environment extra: [String: String] = [:]) throws -> Result {
        let executable = Self.directory + "/" + program
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: executable + " (run `swift build` before the tests)"])
        }
        return try runProgram(executable, arguments, shell: shell, environment: extra)
    }

    /// Runs a program of the system (`gdbus`, `make`) by absolute path in the same home.
    @discardableResult
    func runTool(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        try runProgram(executable, arguments, shell: nil, environment: extra)
    }

    private func runProgram(_ executable: String, _ arguments: [String], shell: String?, environment extra: [String: String]) throws -> Result {
        let outputPath = home + "/stdout-\(UUID().uuidString)"
        let errorPath = home + "/stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shell.replacingOccurrences(of: "$PROGRAM", with: executable)]
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.environment = environment.merging(extra) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      output: try String(contentsOfFile: outputPath, encoding: .utf8),
                      error: try String(contentsOfFile: errorPath, encoding: .utf8))
    }

    /// Starts a binary in the background (a built one, or with `absolute` a program of
    /// the system), its output discarded.
    func spawn(_ program: String, _ arguments: [String], absolute: Bool = false) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: absolute ? program : Self.directory + "/" + program)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    /// A stand-in program below the home folder (`StandInProgram`).
    func writeProgram(_ relative: String, _ script: String) throws {
        try StandInProgram.write(script, to: home + "/" + relative)
    }

    func write(_ relative: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: home + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
