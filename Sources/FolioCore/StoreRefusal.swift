/// Why the database refused a worker's write, which decides what the daemon does next.
public struct StoreRefusal: Error, Codable, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: String, Codable, Sendable {
        /// The disk holding the index is full: no file is handed out until there is space.
        case diskFull
        /// Another process held the database past the busy timeout: the file is read again.
        case busy
        /// Any other failure of the database: recorded as the last error.
        case failed
    }

    public var reason: Reason
    /// The store's own message, with the database's path and what to do.
    public var message: String

    public init(_ reason: Reason, message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}
