internal import ArgumentParser
internal import FolioCLI
internal import FolioCore

/// A command for the running daemon: sends it and reports the answer.
protocol DaemonRequest: ParsableCommand {
    var common: CommonOptions { get }
    var request: String { get }
}

extension DaemonRequest {
    func run() throws {
        guard let answer = ControlClient(socketPath: common.paths.controlSocket).send(request) else {
            Output.error("folioctl: foliod is not running (no socket at \(common.paths.controlSocket))\n")
            throw ExitStatus.error
        }
        guard answer == "ok" else {
            Output.error("folioctl: foliod: \(answer.hasPrefix("error ") ? String(answer.dropFirst(6)) : answer)\n")
            throw ExitStatus.error
        }
    }
}

struct PauseCommand: DaemonRequest {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Stop indexing until resume (changes are still noted).")
    @OptionGroup var common: CommonOptions
    var request: String { "pause" }
}

struct ResumeCommand: DaemonRequest {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Go on indexing after pause.")
    @OptionGroup var common: CommonOptions
    var request: String { "resume" }
}

struct ReloadCommand: DaemonRequest {
    static let configuration = CommandConfiguration(commandName: "reload", abstract: "Make foliod read its configuration again (as SIGHUP does).")
    @OptionGroup var common: CommonOptions
    var request: String { "reload" }
}

struct ReindexCommand: DaemonRequest {
    static let configuration = CommandConfiguration(commandName: "reindex", abstract: "Extract the files under PATH (or all) again.")
    @OptionGroup var common: CommonOptions
    @Argument(help: "A file or folder; everything when left out.") var path: String?
    var request: String {
        path.map { "reindex " + AbsolutePath.normalise(common.paths.expandingTilde($0), relativeTo: Environment.currentDirectory) } ?? "reindex"
    }
}
