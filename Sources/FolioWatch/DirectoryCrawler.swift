public import FolioSystem

/// Walks a folder tree and reports every regular file with its status, and every place
/// it could not go with the reason.
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

    public init(includeHidden: Bool) {
        self.includeHidden = includeHidden
    }

    /// Calls `visit` for the files and problems below `root` (or for `root` itself when it
    /// is a file). `root` is followed if it is a symbolic link: the user named it.
    public func crawl(_ root: String, visit: (Item) -> Void) {
        let rootStatus: FileStatus
        do {
            rootStatus = try FileStatus.following(root)
        } catch {
            return visit(.problem(path: root, reason: error.reason))
        }
        switch rootStatus.kind {
        case .regular: return visit(.file(path: root, status: rootStatus))
        case .directory: break
        default: return visit(.problem(path: root, reason: "not a regular file or directory"))
        }
        var visited: Set<[UInt64]> = [[rootStatus.device, rootStatus.inode]]
        var pending = [root]
        while let directory = pending.popLast() {
            let entries: [Directory.Entry]
            do {
                entries = try Directory.entries(of: directory)
            } catch {
                visit(.problem(path: directory, reason: error.reason))
                continue
            }
            var subdirectories: [String] = []
            for entry in entries.sorted(by: { Array($0.displayName.utf8).lexicographicallyPrecedes($1.displayName.utf8) }) {
                guard let name = entry.name else {
                    visit(.problem(path: join(directory, entry.displayName),
                                   reason: "the file name is not valid UTF-8; rename it to have it indexed"))
                    continue
                }
                if !includeHidden, name.hasPrefix(".") { continue }
                let path = join(directory, name)
                let status: FileStatus
                do {
                    status = try FileStatus.of(path)
                } catch {
                    if !error.isNotFound { visit(.problem(path: path, reason: error.reason)) }
                    continue
                }
                switch status.kind {
                case .regular:
                    visit(.file(path: path, status: status))
                case .directory:
                    if visited.insert([status.device, status.inode]).inserted { subdirectories.append(path) }
                case .symbolicLink, .other:
                    continue
                }
            }
            pending.append(contentsOf: subdirectories.reversed())
        }
    }

    private func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
