internal import FolioProtocol
internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioDaemon
internal import FolioStore
internal import Glibc

/// `folioctl index PATH…`: index files and folders now, in one pass.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Index files and folders (recursively) now.",
        discussion: """
            New and changed files are indexed; files whose content is unchanged are not read \
            again; documents under the given folders whose files are gone are removed. Files \
            are read by worker processes (foliod-worker), as foliod reads them: a file that \
            crashes one is recorded as failed and the others go on. The lists that keep queries \
            of common words fast are brought up to date (foliod does this when idle). Then the \
            semantic stage \
            gives every new passage its vector ([embeddings] in the configuration), so that \
            the index is complete when the command returns; --no-semantic leaves that to foliod.
            Exit status: 0 all went well, 1 some files failed (listed), 2 error.
            """)

    @OptionGroup var common: CommonOptions

    @OptionGroup var parallel: WorkerOptions

    @Flag(name: .long, help: "Skip the semantic stage (vectors for search by meaning).")
    var noSemantic = false

    @Argument(help: "Files and folders to index.")
    var paths: [String]

    func run() throws {
        let summary: IndexSummary
        let configuration: FolioConfiguration
        do {
            configuration = parallel.applied(to: try common.configuration())
            let store = try openIndex()
            let roots = paths.map { AbsolutePath.normalise(common.paths.expandingTilde($0), relativeTo: Environment.currentDirectory) }
            let pass = IndexPass(store: store, configuration: configuration, home: common.paths.home,
                                 workerArguments: try common.workerArguments())
            let progress = ProgressLine(enabled: Output.standardErrorIsTerminal)
            summary = try pass.run(roots) { progress.show($0) }
            progress.clear()
            while try store.tendSearchTables() {}
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw ExitStatus.fail("folioctl", error)
        }
        Output.standard(report(summary))
        if !noSemantic, configuration.embeddings.provider != .none {
            try SemanticCommandStage.run(configuration: configuration, common: common)
        }
        if !summary.missingRoots.isEmpty { throw ExitStatus.error }
        if !summary.failures.isEmpty { throw ExitStatus.nothing }
    }

    /// The index; damaged, it is rebuilt here when no foliod runs (which would rebuild it
    /// itself), keeping the recognised text and vectors that still read.
    private func openIndex() throws -> IndexStore {
        if (try? ControlClient(socketPath: common.paths.controlSocket).send(.status)) != nil { return try IndexStore(path: common.databasePath) }
        let (store, rebuilt) = try IndexRepair.openRebuildingIfDamaged(path: common.databasePath, busyTimeoutSeconds: 10, now: Int64(time(nil)))
        if let rebuilt {
            Output.standard("the index was damaged: rebuilt, keeping recognised text for \(rebuilt.ocrPages) pages and \(rebuilt.vectors) vectors"
                + (rebuilt.keptAt.map { "; the damaged file is kept at \($0)" } ?? "") + "\n")
        }
        return store
    }

    private func report(_ summary: IndexSummary) -> String {
        var text = "indexed \(summary.indexed) (\(summary.chunks) chunks), unchanged \(summary.unchanged + summary.touched)"
        text += ", failed \(summary.failures.count), not supported \(summary.unsupported)"
        if summary.purged > 0 { text += ", removed \(summary.purged) gone" }
        if summary.ocrPages > 0 { text += ", \(summary.ocrPages) page\(summary.ocrPages == 1 ? "" : "s") read by OCR" }
        text += "\n"
        for partial in summary.partial.sorted(by: { $0.path < $1.path }) {
            text += "partly: \(partial.path): \(partial.reason)\n"
        }
        for failure in summary.failures.sorted(by: { $0.path < $1.path }) {
            text += "failed: \(failure.path): \(failure.reason)\n"
        }
        for missing in summary.missingRoots {
            text += "not found: \(missing)\n"
        }
        for offline in summary.offlineRoots {
            text += "offline: \(offline.path): \(offline.mountPoint) is not mounted; the documents indexed from it are kept\n"
        }
        return text
    }
}
