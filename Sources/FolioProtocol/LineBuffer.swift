/// Bytes read from a pipe or a socket, cut into the lines of `WireProtocol`: a read may
/// end anywhere in a line, or hold several.
public struct LineBuffer: Sendable {
    /// A line longer than this is an error: the other side is not speaking the protocol,
    /// and holding its bytes would let it take all the memory. An extracted document's
    /// text (`WorkerMessage.extracted`) is the longest line: 64 MiB covers a file at the
    /// default `max_file_size` (50 MB) with its JSON escaping.
    public let maximumLength: Int
    private var bytes: [UInt8] = []
    /// Where the search for the next newline starts: bytes before it have none.
    private var searched = 0

    public init(maximumLength: Int = 64 << 20) {
        self.maximumLength = maximumLength
    }

    public var isEmpty: Bool { bytes.isEmpty }

    public mutating func append(_ more: some Collection<UInt8>) {
        bytes += more
    }

    /// The next whole line, without its `\n`; `nil` until one is complete.
    public mutating func nextLine() throws(ProtocolError) -> [UInt8]? {
        guard let newline = bytes[searched...].firstIndex(of: 0x0A) else {
            searched = bytes.count
            if bytes.count > maximumLength { throw .lineTooLong(limit: maximumLength) }
            return nil
        }
        let line = Array(bytes[..<newline])
        bytes.removeSubrange(...newline)
        searched = 0
        return line
    }
}
