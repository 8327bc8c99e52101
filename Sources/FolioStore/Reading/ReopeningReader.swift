internal import FolioSystem

/// The index as a process that outlives a rebuild reads it (the launchers' providers, the
/// window, `folio mcp`): opened on first use, and opened anew when the file at its path is
/// another than the one it reads (foliod rebuilt a damaged index, or moved a new one in).
public struct ReopeningReader: Sendable {
    public let path: String
    private var reader: IndexReader?
    private var inode: UInt64?

    public init(path: String) {
        self.path = path
    }

    /// The reader of the file now at `path`; what opening it throws when it cannot be opened
    /// (`IndexAvailability` says what the error means to the user).
    public mutating func current() throws(StoreError) -> IndexReader {
        let found = try? FileStatus.of(path).inode
        if let reader, found == inode { return reader }
        reader = nil
        let opened = try IndexReader(path: path)
        reader = opened
        inode = found
        return opened
    }

    /// Lets the index go (its mapping, its cache) until the next use.
    public mutating func close() {
        reader = nil
    }
}
