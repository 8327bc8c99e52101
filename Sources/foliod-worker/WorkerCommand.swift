internal import ArgumentParser
internal import FolioCLI
internal import FolioIndexer
internal import FolioCore
internal import FolioStore
internal import FolioSemantic

/// `foliod-worker`: one of the engine's extraction processes, started by `foliod` and
/// `folioctl`. It is a program of its own so that only the workers load the PDF, OCR and
/// markup libraries: the daemon, which runs all the time, and `folioctl` stay small.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foliod-worker",
        abstract: "An extraction process of foliod and folioctl (started by them).",
        discussion: "Reads requests on standard input, one JSON line each, and answers each on standard output.")

    @OptionGroup var common: CommonOptions

    @Flag(name: .long, help: "Be the embedder process: answer query vectors and embed new windows in the background.")
    var embedder = false

    @Flag(name: .long, help: "With --embedder: start with the background stage paused (foliod is indexing).")
    var paused = false

    func run() throws {
        let configuration: FolioConfiguration
        do {
            configuration = try common.configuration()
        } catch {
            throw ExitStatus.fail("foliod-worker", error)
        }
        let path = common.databasePath
        if embedder {
            let service = EmbedderService(configuration: configuration, paths: common.paths, databasePath: path, environment: Environment.variables,
                                          paused: paused)
            let status = service.run()
            if status != 0 { throw ExitCode(status) }
            return
        }
        WorkerLoop.run(configuration: configuration, kinds: FileKinds(configuration, home: common.paths.home)) { () throws(StoreError) in
            try IndexStore(path: path)
        }
    }
}
