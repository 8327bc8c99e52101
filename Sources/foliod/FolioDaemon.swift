internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioIndexer
internal import FolioStore
internal import Glibc

/// `foliod`: brings the index in line with the configured folders.
///
/// This is the daemon's reconcile step: every configured folder is walked, new and
/// changed files are indexed, and documents whose files are gone are removed. Watching
/// the folders for changes afterwards (inotify) is not built yet, so `foliod` exits when
/// the index agrees with the disk; run it again, or from a timer, to catch up.
struct FolioDaemon: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foliod",
        abstract: "Index the configured folders (default ~/Documents) and exit when the index agrees with them.")

    @OptionGroup var common: CommonOptions

    func run() throws {
        do {
            let configuration = try common.configuration()
            let store = try IndexStore(path: common.databasePath)
            let folders = configuration.folders.map {
                AbsolutePath.normalise(common.paths.expandingTilde($0), relativeTo: Environment.currentDirectory)
            }
            let run = IndexRun(indexer: DocumentIndexer(store: store, configuration: configuration),
                               workers: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), home: common.paths.home)
            let summary = try run.run(folders)
            Output.error("foliod: \(folders.joined(separator: ", ")): indexed \(summary.indexed), unchanged \(summary.unchanged + summary.touched), failed \(summary.failures.count), removed \(summary.purged)\n")
            for missing in summary.missingRoots {
                Output.error("foliod: configured folder \(missing) does not exist\n")
            }
        } catch {
            throw ExitStatus.fail("foliod", error)
        }
    }
}
