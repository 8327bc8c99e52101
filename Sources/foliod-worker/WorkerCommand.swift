internal import ArgumentParser
internal import FolioCLI
internal import FolioIndexer
internal import FolioCore
internal import FolioLoaders
internal import FolioProtocol
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

    @Option(name: .long, help: "Draw a page of this PDF as a PNG with its words' boxes (for `folio ui`), one JSON line, and exit.")
    var renderPage: String?

    @Option(name: .long, help: "With --render-page: the page, from 1.")
    var page = 1

    @Option(name: .long, help: "With --render-page: the resolution.")
    var dpi = 110

    func run() throws {
        if let renderPage {
            let message: PagePictureMessage
            do {
                let picture = try PagePicture.render(path: renderPage, page: page, dpi: min(max(dpi, 36), 300))
                message = PagePictureMessage(png: picture.png, width: picture.width, height: picture.height, pages: picture.pages,
                                             words: picture.words.map { .init(text: $0.text, box: [$0.x, $0.y, $0.width, $0.height]) })
            } catch {
                message = PagePictureMessage(png: [], width: 0, height: 0, pages: 0, words: [], error: "\(error)")
            }
            Output.standard(String(decoding: message.line, as: UTF8.self) + "\n")
            if message.error != nil { throw ExitCode(1) }
            return
        }
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
