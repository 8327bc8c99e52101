internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioProtocol

/// A command for the running daemon: sends it and reports the answer.
protocol DaemonRequest: ParsableCommand {
    var common: CommonOptions { get }
    var command: ControlCommand { get }
}

extension DaemonRequest {
    func run() throws {
        let reply: ControlReply
        do {
            reply = try ControlClient(socketPath: common.paths.controlSocket).send(command)
        } catch {
            throw ExitStatus.fail("folioctl", error)
        }
        switch reply {
        case .done, .status: return
        case let .failed(reason):
            Output.error("folioctl: foliod: \(reason)\n")
            throw ExitStatus.error
        }
    }
}

struct PauseCommand: DaemonRequest {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Stop indexing until resume (changes are still noted).")
    @OptionGroup var common: CommonOptions
    var command: ControlCommand { .pause }
}

struct ResumeCommand: DaemonRequest {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Go on indexing after pause.")
    @OptionGroup var common: CommonOptions
    var command: ControlCommand { .resume }
}

struct ReloadCommand: DaemonRequest {
    static let configuration = CommandConfiguration(commandName: "reload", abstract: "Make foliod read its configuration again (as SIGHUP does).")
    @OptionGroup var common: CommonOptions
    var command: ControlCommand { .reload }
}

struct ReindexCommand: DaemonRequest {
    static let configuration = CommandConfiguration(commandName: "reindex", abstract: "Extract the files under PATH (or all) again.")
    @OptionGroup var common: CommonOptions
    @Argument(help: "A file or folder; everything when left out.") var path: String?
    var command: ControlCommand {
        .reindex(path: path.map { AbsolutePath.normalise(common.paths.expandingTilde($0), relativeTo: Environment.currentDirectory) })
    }
}
