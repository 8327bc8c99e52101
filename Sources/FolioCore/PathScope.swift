/// Which documents an operation covers: one file, a directory and everything below it, or
/// all of them.
public enum PathScope: Sendable, Equatable, Hashable, Codable {
    case everything
    /// The document of a file and the documents inside it (`DocumentKey`): a mailbox's
    /// messages, a message's attachments.
    case file(String)
    /// Only the documents inside a file.
    case inside(String)
    /// The one document with this key (`DocumentKey`), without the documents inside it.
    case document(String)
    /// The directory itself and every path below it (`/a/b` covers `/a/b/c`, not `/a/bc`).
    case tree(String)
}

extension PathScope {
    /// This scope narrowed to the directory `folder` and what is below it; `nil` when the
    /// two hold nothing in common (`--path ~/a dir:~/b`).
    public func narrowed(toTree folder: String) -> PathScope? {
        func isBelow(_ path: String, _ directory: String) -> Bool {
            path == directory || path.hasPrefix(directory == "/" ? "/" : directory + "/")
        }
        switch self {
        case .everything:
            return .tree(folder)
        case let .tree(directory):
            if isBelow(folder, directory) { return .tree(folder) }
            return isBelow(directory, folder) ? self : nil
        case let .file(path), let .inside(path), let .document(path):
            return isBelow(path, folder) ? self : nil
        }
    }
}
