public import Foundation

/// A stand-in server a test runs: a Python script among its fixtures that prints the port
/// it listens on as its first line, then serves until killed.
public final class FixtureServer {
    public let port: Int
    private let process = Process()

    public init(script: URL, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        port = Int(String(decoding: line, as: UTF8.self)) ?? 0
    }

    /// Its process, for a test that kills it part-way.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// SIGKILL: the test runner's threads block SIGTERM, and a child inherits the mask.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
