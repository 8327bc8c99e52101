internal import FolioCLI
internal import FolioCore
internal import FolioEmbedding
internal import FolioSemantic
internal import FolioStore

/// The semantic stage of `folioctl index`, in the foreground: the model in this process,
/// its progress on the terminal, one line when it is done.
enum SemanticCommandStage {
    static func run(configuration: FolioConfiguration, common: CommonOptions) throws {
        let embedder: any Embedder
        do {
            embedder = try EmbedderFactory.make(options: configuration.embeddings, paths: common.paths, environment: Environment.variables)
        } catch {
            // Search by words works without it; say why there is no search by meaning.
            Output.standard("semantic: off: \(error)\n")
            return
        }
        do {
            let stage = try SemanticStage(store: IndexStore(path: common.databasePath), embedder: embedder)
            let line = ProgressLine(enabled: Output.standardErrorIsTerminal)
            let summary = try stage.runToCompletion { line.show(text: $0.line, final: $0.coverage.isComplete) }
            line.clear()
            let seconds = Double(summary.milliseconds) / 1000
            var text = "semantic: \(embedder.identity), \(summary.coverage.embedded) windows"
            if summary.embedded > 0 {
                text += ", \(summary.embedded) embedded in \(Int(seconds.rounded())) s (\(Int((Double(summary.embedded) / max(seconds, 0.001)).rounded()))/s)"
            }
            Output.standard(text + "\n")
        } catch {
            throw ExitStatus.fail("folioctl", error)
        }
    }
}
