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
