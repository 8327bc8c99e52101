internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioProtocol
internal import FolioSearch
internal import FolioStore
internal import FolioSemantic
internal import FolioSystem
internal import FoundationEssentials
internal import Glibc

/// `folioctl status`: what the daemon is doing, and what the index holds; works whether
/// or not the daemon runs.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether foliod runs, what it is doing, and what the index holds.")

    @OptionGroup var common: CommonOptions

    @Flag(name: .long, help: "One JSON object, for scripts.")
    var json = false

    /// `folioctl status --json`: the daemon's status (or `null`), the index's counts.
    struct Report: Encodable {
        var running: Bool
        var daemon: DaemonStatus?
        /// Set when a daemon answered in a way this `folioctl` cannot read (another build).
        var daemonError: String?
        var database: String
        var databaseBytes: Int64?
        var counts: IndexCounts?
        var failed: Int?
        var semantic: SemanticReport?
        /// Why the index is damaged, when a process found it so and foliod has not rebuilt
        /// it yet.
        var damage: String?
        /// The last rebuild after damage, within a week.
        var rebuild: IndexRepair.Report?
        /// The drives and shares that are not mounted, with the documents kept from each.
        var offline: [OfflineFolder]?
        /// The tree-sitter parsers code's sections come from; `null` when not installed.
        var codeParsers: CodeParsersInstall?
        /// The files walks in progress have listed by name (`PendingNames`): found by name
        /// until each walk has recorded them; `null` when no walk lists any.
        var listed: Int?
    }

    func run() throws {
        let daemon = IndexStatus.askDaemon(socketPath: common.paths.controlSocket)
        // The index of the daemon that answered, unless --db names one: with another
        // XDG_DATA_HOME than foliod's, the client's own path would show an index that is not there.
        let path = common.db == nil ? daemon.status?.database ?? common.databasePath : common.databasePath
        let reader = try? IndexReader(path: path)
        let status = IndexStatus(daemon: daemon, database: path, reader: reader, configuration: try? common.configuration(), paths: common.paths)
        let rebuild = IndexRepair.lastReport(path: path).flatMap { Int64(time(nil)) - $0.foundAt < 7 * 86_400 ? $0 : nil }
        let report = Report(running: status.running, daemon: status.daemon, daemonError: status.daemonError, database: path,
                            databaseBytes: DatabaseSize.bytes(path), counts: status.counts, failed: status.counts?.failed, semantic: status.semantic,
                            damage: DamageMarker.found(path: path)?.reason, rebuild: rebuild, offline: reader.map { _ in status.offline },
                            codeParsers: CodeParsersInstall.find(in: common.paths), listed: PendingNames.load(beside: path)?.count)
        if json {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            Output.standard(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
        } else {
            Output.standard(Self.describe(report))
        }
    }

    /// "61%" of `whole`, at most 100% (the folders may hold more than before).
    static func percent(_ part: Int, of whole: Int) -> String {
        whole > 0 ? "\(min(100, part * 100 / whole))%" : "100%"
    }

    /// "2026-11-27 10:42" in local time.
    static func localTime(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    /// `value` (not negative) rounded to one decimal ("2.5", "0.0"), as people read rates and sizes.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    static func describe(_ report: Report) -> String {
        var text = ""
        if let daemon = report.daemon {
            text += "foliod: \(daemon.state.rawValue) (pid \(daemon.pid))\n"
            text += "folders: \(daemon.folders.joined(separator: ", "))\n"
            text += "watching \(daemon.watchedDirectories) folders" + (daemon.unwatchedDirectories > 0 ? ", \(daemon.unwatchedDirectories) not watched" : "") + "\n"
            if daemon.queued > 0 || daemon.debouncing > 0 {
                text += "queue: \(daemon.queued) files, \(daemon.debouncing) settling"
                text += ", \(Self.oneDecimal(daemon.filesPerSecond)) files/s"
                if let left = daemon.secondsLeft { text += ", about \(Int(left.rounded(.up))) s left" }
                text += "\n"
            }
            for file in daemon.current { text += "reading: \(file)" + (daemon.recognising.contains(file) ? " (OCR)" : "") + "\n" }
            text += "indexed since start: \(daemon.indexedSinceStart)\n"
            if let warning = daemon.warning { text += "warning: \(warning)\n" }
            if let error = daemon.lastError { text += "last error: \(error)\n" }
        } else if let error = report.daemonError {
            text += "foliod: running, but \(error)\n"
        } else {
            text += "foliod: not running (start it: systemctl --user start foliod)\n"
        }
        // What SQLite said is in the JSON and foliod's journal; the lines say what it means.
        if report.damage != nil {
            text += "index: damaged; " + (report.daemon != nil ? "foliod is rebuilding it" : "foliod rebuilds it when it starts")
                + " from your files, keeping the recognised text and vectors that still read\n"
        }
        if let rebuild = report.rebuild, report.damage == nil {
            let back = rebuild.documentsBefore.flatMap { before in
                report.counts.map { "\(Self.percent($0.documents, of: before)) of its \(before) documents back; " }
            } ?? ""
            text += "index: rebuilt after damage found \(Self.localTime(rebuild.foundAt)); " + back
                + "recognised text kept for \(rebuild.ocrPages) pages, \(rebuild.vectors) vectors kept"
                + (rebuild.keptAt.map { "; the damaged file is kept at \($0)" } ?? "") + "\n"
        }
        if let counts = report.counts {
            text += "index: \(counts.documents) documents, \(counts.pages) pages, \(counts.chunks) chunks"
            text += ", \(counts.failed) failed, \(counts.partial) partial"
            if counts.named > 0 { text += ", \(counts.named) known by name only" }
            if let bytes = report.databaseBytes { text += ", \(Self.oneDecimal(Double(bytes) / 1_048_576)) MiB" }
            text += "\n"
            text += "database: \(report.database)\n"
            if let listed = report.listed {
                text += "walking: \(listed) files listed by name, found by name until the walk has recorded them\n"
            }
            if counts.failed > 0 { text += "see the failed files: folioctl errors\n" }
            for folder in report.offline ?? [] {
                text += "offline: \(folder.mountPoint) is not mounted since \(Self.localTime(folder.since)); its \(folder.documents) documents are kept"
                    + (folder.keptUntil.map { " until \(Self.localTime($0))" } ?? "") + " (folioctl forget \(folder.mountPoint) removes them now)\n"
            }
            if let semantic = report.semantic { text += semantic.lines }
            if report.semantic?.embedder == nil, let exit = report.daemon?.embedderExit { text += "embedder: last ended \(exit)\n" }
        } else if report.damage == nil {
            text += "index: none yet at \(report.database)\n"
        }
        if let parsers = report.codeParsers {
            text += "code: functions, classes and top-level keys as sections (\(parsers.grammars.joined(separator: ", "))), parsers in \(parsers.library)\n"
        } else {
            text += "code: read as plain text, its hits by line; the parsers of its functions and keys are not installed (make code-parsers)\n"
        }
        if let daemon = report.daemon, daemon.database != report.database {
            text += "foliod writes another index: \(daemon.database)\n"
        }
        return text
    }
}

/// The size of the database with its WAL.
enum DatabaseSize {
    static func bytes(_ path: String) -> Int64? {
        let sizes = [path, path + "-wal"].compactMap { try? FileStatus.of($0).size }
        return sizes.isEmpty ? nil : sizes.reduce(0, +)
    }
}
