/// What went wrong with the file of conversations, on which file, and what to do.
public enum ConversationError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened, read or written (permissions, a full disk).
    case unusable(path: String, reason: String)
    /// A newer Folio's file: left as it is.
    case newer(path: String, version: Int)
    /// No conversation with this number.
    case notFound(id: Int64)

    public var description: String {
        switch self {
        case let .unusable(path, reason): "the conversations in \(path) cannot be used: \(reason)"
        case let .newer(path, version):
            "the conversations in \(path) were written by a newer Folio (format \(version)); use that version, or move the file away to start anew"
        case let .notFound(id): "there is no conversation \(id) (folio chat --list lists them)"
        }
    }
}
