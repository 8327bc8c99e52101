internal import FolioSystem
public import ArgumentParser
public import FolioCore
internal import Glibc

/// The options every Folio command takes: where the database and the configuration are.
public struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The index database.", valueName: "path"))
    public var db: String?

    @Option(name: .long, help: ArgumentHelp("The configuration file.", valueName: "path"))
    public var config: String?

    public init() {}

    /// The XDG defaults for this process's environment.
    public var paths: FolioPaths { FolioPaths(environment: Environment.variables) }

    /// The database path: `--db`, else `$XDG_DATA_HOME/folio/folio.sqlite`.
    public var databasePath: String {
        db.map { AbsolutePath.normalise(paths.expandingTilde($0), relativeTo: Environment.currentDirectory) } ?? paths.databaseFile
    }

    /// How the programs that start workers (`foliod`, `folioctl index` and `extract`) start
    /// `foliod-worker`: with this database and configuration file.
    public func workerArguments() throws(ExitCode) -> [String] {
        [try WorkerProgram.locate()] + workerOptions
    }

    /// How a search starts the embedder when none runs (`MeaningSearch`); `nil` when
    /// `foliod-worker` is not installed with this program.
    public var embedderProgram: [String]? {
        WorkerProgram.find().map { [$0] + workerOptions }
    }

    /// `--db` and `--config` as given, for a program started with the same index and
    /// configuration.
    public var workerOptions: [String] {
        ["--db", databasePath] + (config != nil ? ["--config", configurationFile] : [])
    }

    /// The configuration: `--config` (which must exist), else the XDG file if there is
    /// one, else the defaults.
    public func configuration() throws(ConfigurationError) -> FolioConfiguration {
        try Self.loadConfiguration(file: configurationFile, required: config != nil)
    }

    /// The configuration file in use: `--config`, else the XDG one.
    public var configurationFile: String {
        config.map { AbsolutePath.normalise(paths.expandingTilde($0), relativeTo: Environment.currentDirectory) } ?? paths.configurationFile
    }

    /// Reads a configuration file; a missing file that is not `required` gives the defaults.
    public static func loadConfiguration(file: String, required: Bool) throws(ConfigurationError) -> FolioConfiguration {
        guard let text = try readText(file, required: required) else { return .default }
        return try FolioConfiguration(toml: text, file: file)
    }

    private static func readText(_ file: String, required: Bool) throws(ConfigurationError) -> String? {
        guard let handle = fopen(file, "r") else {
            if errno == ENOENT, !required { return nil }
            throw .unreadable(file: file, reason: String(cString: strerror(errno)))
        }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        if ferror(handle) != 0 { throw .unreadable(file: file, reason: "read error") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadable(file: file, reason: "not valid UTF-8")
        }
        return text
    }
}
