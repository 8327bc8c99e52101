public import FolioSystem

/// Walks a folder tree and reports every regular file with its status, and every place
/// it could not go with the reason. Excluded files and folders (`ExcludeRules`,
/// `.folioignore`) are passed over.
///
/// Symbolic links are not followed (a link into the tree would index a file twice, a link
/// out of it would index what the user did not ask for, and a link loop would never end);
/// a directory reached twice through a bind mount is walked once. Names starting with a
/// dot are passed over unless `includeHidden`. FIFOs, sockets and devices are passed
/// over: they are not documents, and reading one could block. A folder's files come
/// before its subfolders, each in byte order of their names, so two walks of the same
/// tree agree.
public struct DirectoryCrawler: Sendable {
    public enum Item: Sendable, Equatable {
        case file(path: String, status: FileStatus)
        /// A directory that could not be read, or a name Folio cannot use.
        case problem(path: String, reason: String)
    }

    public var includeHidden: Bool
    /// The configuration's exclusions; `.folioignore` files add to them on the way down.
    public var rules: ExcludeRules

    public init(includeHidden: Bool, rules: ExcludeRules = ExcludeRules(patterns: [], home: "/")) {
        self.includeHidden = includeHidden
        self.rules = rules
    }

    /// Calls `visit` for the files and problems below `root` (or for `root` itself when it
    /// is a file). `root` is followed if it is a symbolic link: the user named it.
    public func crawl(_ root: String, visit: (Item) -> Void) {
        var walk = walk(root)
        while let item = walk.next() { visit(item) }
    }

    /// The same walk, one item at a time, so a caller can stop and resume it (the daemon
    /// pauses its walk while its queue is full). `onDirectory` is called for each folder
    /// as it is entered, the root included (the daemon watches it).
    public func walk(_ root: String, onDirectory: @escaping (String) -> Void = { _ in }) -> Walk {
        Walk(root: root, includeHidden: includeHidden, rules: rules, onDirectory: onDirectory)
    }

    /// A walk in progress.
    public struct Walk {
        private let includeHidden: Bool
        private let onDirectory: (String) -> Void
        private var pendingDirectories: [(path: String, rules: ExcludeRules)] = []
        private var ready: [Item] = []
        private var visited: Set<[UInt64]> = []

        init(root: String, includeHidden: Bool, rules: ExcludeRules, onDirectory: @escaping (String) -> Void) {
            self.includeHidden = includeHidden
            self.onDirectory = onDirectory
            let status: FileStatus
            do {
                status = try FileStatus.following(root)
            } catch {
                ready = [.problem(path: root, reason: error.reason)]
                return
            }
            switch status.kind {
            case .regular: ready = [.file(path: root, status: status)]
            case .directory:
                visited.insert([status.device, status.inode])
                pendingDirectories = [(root, rules)]
            default: ready = [.problem(path: root, reason: "not a regular file or directory")]
            }
        }

        /// The next file or problem, or `nil` when the walk is over.
        public mutating func next() -> Item? {
            while ready.isEmpty {
                guard let (directory, rules) = pendingDirectories.popLast() else { return nil }
                read(directory, rules: rules)
            }
            return ready.removeFirst()
        }

        private mutating func read(_ directory: String, rules inherited: ExcludeRules) {
            onDirectory(directory)
            let listing: DirectoryCrawler.Listing
            do {
                listing = try DirectoryCrawler.list(directory, rules: inherited, includeHidden: includeHidden)
            } catch {
                ready.append(.problem(path: directory, reason: error.reason))
                return
            }
            var subdirectories: [String] = []
            for entry in listing.entries {
                guard let path = entry.path else {
                    ready.append(.problem(path: DirectoryCrawler.join(directory, entry.entry.displayName),
                                          reason: "the file name is not valid UTF-8; rename it to have it indexed"))
                    continue
                }
                let status: FileStatus
                do {
                    status = try FileStatus.of(path)
                } catch {
                    if !error.isNotFound { ready.append(.problem(path: path, reason: error.reason)) }
                    continue
                }
                switch status.kind {
                case .regular:
                    ready.append(.file(path: path, status: status))
                case .directory:
                    if visited.insert([status.device, status.inode]).inserted { subdirectories.append(path) }
                case .symbolicLink, .other:
                    continue
                }
            }
            pendingDirectories.append(contentsOf: subdirectories.reversed().map { ($0, listing.rules) })
        }
    }

    /// The paths of the regular files `walk(_:)` would report below `root`, in its order,
    /// found without a `stat` per file: the type each directory entry carries is enough
    /// (only folders are stat-ed, to walk a folder reached twice once), as `updatedb` walks.
    /// What knows every file by its name while the walk itself, which compares each file
    /// with the index, goes on (`PendingNames`). Places it cannot read are passed over: the
    /// walk reports them.
    public func files(below root: String) -> [String] {
        guard let status = try? FileStatus.following(root) else { return [] }
        guard status.kind == .directory else { return status.kind == .regular ? [root] : [] }
        var files: [String] = []
        var visited: Set<[UInt64]> = [[status.device, status.inode]]
        var pending: [(path: String, rules: ExcludeRules)] = [(root, rules)]
        while let (directory, rules) = pending.popLast() {
            guard let listing = try? Self.list(directory, rules: rules, includeHidden: includeHidden) else { continue }
            var subdirectories: [String] = []
            for entry in listing.entries {
                guard let path = entry.path else { continue }
                var type = entry.entry.type
                if type == .unknown {
                    switch (try? FileStatus.of(path))?.kind {
                    case .regular?: type = .regular
                    case .directory?: type = .directory
                    default: continue
                    }
                }
                switch type {
                case .regular:
                    files.append(path)
                case .directory:
                    if let folder = try? FileStatus.of(path), visited.insert([folder.device, folder.inode]).inserted {
                        subdirectories.append(path)
                    }
                case .symbolicLink, .other, .unknown:
                    continue
                }
            }
            pending.append(contentsOf: subdirectories.reversed().map { ($0, listing.rules) })
        }
        return files
    }

    /// A folder's entries that are not excluded, in byte order of their names, with the
    /// rules below it (its `.folioignore` added).
    struct Listing {
        struct Admitted {
            var entry: Directory.Entry
            /// `nil` for a name that is not valid UTF-8.
            var path: String?
        }

        var entries: [Admitted]
        var rules: ExcludeRules
    }

    /// What both walks keep of a folder: hidden names passed over unless `includeHidden`,
    /// the exclusion rules and the folder's `.folioignore` applied.
    static func list(_ directory: String, rules inherited: ExcludeRules, includeHidden: Bool) throws(SystemError) -> Listing {
        let entries = try Directory.entries(of: directory)
        var rules = inherited
        let ignoreFile = join(directory, ExcludeRules.ignoreFileName)
        if entries.contains(where: { $0.name == ExcludeRules.ignoreFileName }),
           let bytes = try? FileReader.readAll(ignoreFile, limit: 1 << 20) {
            rules = rules.adding(ignoreFile: String(decoding: bytes, as: UTF8.self), in: directory)
        }
        var admitted: [Listing.Admitted] = []
        for entry in entries.sorted(by: { $0.displayName.utf8.lexicographicallyPrecedes($1.displayName.utf8) }) {
            guard let name = entry.name else {
                admitted.append(Listing.Admitted(entry: entry, path: nil))
                continue
            }
            if !includeHidden, name.hasPrefix(".") { continue }
            let path = join(directory, name)
            if rules.excludes(path, name: name) { continue }
            admitted.append(Listing.Admitted(entry: entry, path: path))
        }
        return Listing(entries: admitted, rules: rules)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
