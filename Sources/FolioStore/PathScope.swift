/// Which documents an operation covers: one file, a directory and everything below it, or
/// all of them.
public enum PathScope: Sendable, Equatable {
    case everything
    case file(String)
    /// The directory itself and every path below it (`/a/b` covers `/a/b/c`, not `/a/bc`).
    case tree(String)
}
