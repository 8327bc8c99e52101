public import FolioCore
internal import CGMime

/// A mbox mailbox read message by message, by GMime's mbox parser: from the start, or from
/// where an earlier reading ended, so that messages appended since are read without the
/// ones before them.
///
/// Related documentation: <https://datatracker.ietf.org/doc/html/rfc4155>
public final class MailboxReader {
    /// A message read: its document, and where it lies in the file.
    public struct Message {
        public var document: LoadedDocument
        /// The offset of its "From " line.
        public var start: Int64
        /// The offset where it ends, where the next message's "From " line would be.
        public var end: Int64
    }

    private let box: OpaquePointer
    private let path: String
    private let attachmentLimit: Int64

    /// Opens the mailbox at `path` to read its messages from byte `offset`, keeping the
    /// attachments of at most `attachmentLimit` bytes. What follows `offset` must be empty
    /// or start with a message's "From " line, else it is `LoaderError.malformed`.
    public init(path: String, from offset: Int64, attachmentLimit: Int64) throws(LoaderError) {
        var error = [CChar](repeating: 0, count: 256)
        var malformed: Int32 = 0
        guard let box = folio_mailbox_open(path, offset, &malformed, &error, error.count) else {
            if malformed != 0 { throw .malformed(path: path, kind: .mail, reason: String(cMessage: error)) }
            throw .unreadable(path: path, reason: String(cMessage: error))
        }
        self.box = box
        self.path = path
        self.attachmentLimit = attachmentLimit
    }

    deinit {
        folio_mailbox_close(box)
    }

    /// The next message, `nil` at the end of the file. Throws when what follows is not a
    /// message in the mbox format (no "From " line where the next must begin).
    public func next() throws(LoaderError) -> Message? {
        var mail = folio_mail()
        var start: Int64 = 0
        var end: Int64 = 0
        switch folio_mailbox_next(box, Int(clamping: attachmentLimit), &mail, &start, &end) {
        case 0:
            return nil
        case 1:
            defer { folio_mail_free(&mail) }
            return Message(document: MailMessage.document(mail, fromMailbox: true), start: start, end: end)
        default:
            throw .malformed(path: path, kind: .mail, reason: "not a mailbox in the mbox format: no \"From \" line where a message should begin")
        }
    }
}
