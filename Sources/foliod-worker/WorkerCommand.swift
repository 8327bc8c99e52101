internal import ArgumentParser
internal import FolioCLI
internal import FolioIndexer
internal import FolioStore

/// `foliod-worker`: one of the daemon's extraction processes, started by `foliod`. It is
/// a program of its own so that only the workers load the PDF, OCR and markup libraries:
/// the daemon, which runs all the time, stays small.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foliod-worker",
        abstract: "An extraction process of foliod (started by foliod itself).",
        discussion: "Reads NUL-terminated paths on standard input and indexes each into the database.")

    @OptionGroup var common: CommonOptions

    func run() throws {
        do {
            WorkerLoop.run(store: try IndexStore(path: common.databasePath), configuration: try common.configuration())
        } catch {
            throw ExitStatus.fail("foliod-worker", error)
        }
    }
}
