/// A fact a file records about itself besides its text, kept with its document and shown
/// by `folioq --json` (`fields`); the raw value is the name stored and shown.
public enum DocumentField: String, Sendable, Codable, CaseIterable, Comparable {
    /// Who wrote a book or an office document (EPUB `dc:creator`, Office's and
    /// OpenDocument's creator, RTF's `\author`).
    case author
    /// A message's sender, recipients and copies, as `Name <address>, …`.
    case from, to, cc
    /// When a message was sent, ISO 8601.
    case date
    /// A message's own id, the id of the message it answers, and the ids of those before
    /// that (`Message-ID`, `In-Reply-To`, `References`, without angle brackets; the
    /// references space-separated, oldest first): what threads are made from.
    case messageID = "message_id", inReplyTo = "in_reply_to", references

    public static func < (lhs: DocumentField, rhs: DocumentField) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
