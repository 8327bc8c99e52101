internal import FolioCore
internal import FolioLaunch
internal import FolioProtocol
internal import FolioSearch
internal import FolioSemantic
internal import FolioStore
internal import FolioSystem
internal import Glibc

/// The library's requests: opening a document, forgetting, the state of the index.
extension UIRoutes {
    struct Done: Encodable, Sendable {
        var message: String
        var command: [String]?
    }

    /// Opens an indexed document at a page with the launchers' command (`[open]`, else the
    /// default viewer), as the desktop user.
    func open(_ body: RequestBody) throws(UIError) -> Done {
        guard let path = body.path else { throw .missingArgument("path") }
        let record = try document(path)
        let page = body.page ?? 1
        let command = Opener(options: configuration.open).command(path: record.path, page: page, kind: record.kind)
        do {
            try Opener.requireFile(record.path)
            let pid = try ChildProcess.spawn(command, newSession: true)
            BackgroundThread.detach { _ = try? ChildProcess.wait(pid, program: command[0]) }
        } catch {
            throw .open(path: record.path, reason: "\(error)")
        }
        return Done(message: "opened \(record.path)", command: command)
    }

    /// `folioctl forget PATH`: the file, or every file under the folder, out of the index.
    func forget(_ body: RequestBody) throws(UIError) -> Done {
        guard let path = body.path, !path.isEmpty else { throw .missingArgument("path") }
        let expanded = paths.expandingTilde(path)
        guard expanded.hasPrefix("/") else { throw .invalidArgument(name: "path", reason: "must be an absolute path or start with ~/") }
        guard let folioctl = Self.program("folioctl") else { throw .index("folioctl is not installed beside folio") }
        let run: (status: Int32, output: [UInt8])
        do {
            run = try ChildProcess.run([folioctl, "forget", "--db", session.databasePath, expanded])
        } catch {
            throw .index("folioctl forget: \(error)")
        }
        let said = String(decoding: run.output, as: UTF8.self).trimmingWhitespace()
        guard run.status == 0 || run.status == 1 << 8 else { throw .index("folioctl forget \(expanded) failed: \(said)") }
        return Done(message: said.isEmpty ? "nothing indexed under \(expanded)" : said, command: nil)
    }

    /// A program of Folio's: beside this one, or in the `bin` folder beside its `libexec`.
    static func program(_ name: String) -> String? {
        WorkerProgram.installed(name) ?? WorkerProgram.installed("../bin/" + name)
    }

    struct Status: Encodable, Sendable {
        var running: Bool
        var daemon: DaemonStatus?
        var counts: IndexCounts?
        var semantic: SemanticReport
        /// What `folioctl status` says of the semantic stage, in its words.
        var semanticLine: String
        var folders: [Folder]
        var failures: [Failure]
        /// The drives and shares not mounted, with the documents kept from each.
        var offline: [OfflineFolder]
        var note: String?

        struct Folder: Encodable, Sendable {
            var path: String
            var documents: Int
        }

        struct Failure: Encodable, Sendable {
            var path: String
            var reason: String
        }

        enum CodingKeys: String, CodingKey {
            case running, daemon, counts, semantic, folders, failures, offline, note, semanticLine = "semantic_line"
        }
    }

    func status() -> Status {
        let daemon = IndexStatus.askDaemon(socketPath: paths.controlSocket)
        return session.withIndex { index -> Status in
            let reader = index.reader
            let status = IndexStatus(daemon: daemon, database: session.databasePath, reader: reader, unavailable: index.unavailable,
                                     configuration: configuration, paths: paths)
            // Gathered, since a configuration was given.
            let semantic = status.semantic!
            let folders = configuration.folders.map { paths.expandingTilde($0) }.map { folder in
                Status.Folder(path: folder, documents: (try? reader?.documents(in: .tree(folder), status: nil, limit: 0, offset: 0).total) ?? 0)
            }
            let failed = (try? reader?.documents(in: .everything, status: .failed, limit: 200, offset: 0).documents) ?? []
            return Status(running: status.running, daemon: status.daemon, counts: status.counts, semantic: semantic,
                          semanticLine: semantic.lines.trimmingWhitespace(), folders: folders,
                          failures: failed.map { Status.Failure(path: $0.path, reason: $0.error ?? "failed") }, offline: status.offline, note: status.note)
        }
    }
}
