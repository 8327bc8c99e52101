/// A message from another Folio process that could not be understood.
public enum ProtocolError: Error, Equatable, CustomStringConvertible {
    /// The line is not a message of the expected type (its first 200 bytes are kept).
    case malformed(expected: String, line: String, reason: String)
    /// The other side speaks another version of the protocol: it comes from another build.
    case versionMismatch(peer: String, theirs: Int, ours: Int)
    /// A line longer than `LineBuffer.maximumLength` without its end.
    case lineTooLong(limit: Int)

    public var description: String {
        switch self {
        case let .malformed(expected, line, reason):
            "not a \(expected) message: \(line.debugDescription) (\(reason))"
        case let .versionMismatch(peer, theirs, ours):
            "\(peer) speaks protocol \(theirs) and this program \(ours): they come from different builds of Folio; "
                + "restart foliod after installing (systemctl --user restart foliod)"
        case let .lineTooLong(limit):
            "a message longer than \(limit) bytes without its end"
        }
    }
}
