internal import ArgumentParser
internal import FolioCore

/// `--workers`, for the commands that read files through worker processes (`index`, `extract`).
struct WorkerOptions: ParsableArguments {
    @Option(name: .long, help: "Files read in parallel (default: the configuration's workers, or the number of cores).")
    var workers: Int?

    /// `configuration` with `--workers` in force.
    func applied(to configuration: FolioConfiguration) -> FolioConfiguration {
        var configuration = configuration
        if let workers { configuration.daemon.workers = max(1, workers) }
        return configuration
    }
}
