internal import FolioCore
internal import FolioSQLite

/// A mail thread as the index holds it: its messages in thread order (`MailThreading`).
public struct MailThread: Sendable, Equatable {
    public struct Message: Sendable, Equatable {
        public var path: String
        public var subject: String?
        public var from: String?
        public var date: String?
        /// How deep it answers: 0 for the thread's first message.
        public var depth: Int
    }

    public var messages: [Message]

    /// The first message's subject.
    public var subject: String? { messages.first?.subject }
}

extension IndexReader {
    /// The thread of the message at `path` (`folioq --thread`, the `thread` tool); `nil`
    /// when no message of the index is there.
    public func mailThread(of path: String) throws(StoreError) -> MailThread? {
        try mailThreads(of: [path])[path]
    }

    /// The thread of each message among `paths` (others are left out). Made when asked
    /// for, from the messages linked to these (`linkedMessages`): a reply indexed a moment
    /// ago is in its thread at once.
    public func mailThreads(of paths: [String]) throws(StoreError) -> [String: MailThread] {
        let wanted = Set(paths)
        guard !wanted.isEmpty else { return [:] }
        let messages = try linkedMessages(to: paths)
        var found: [String: MailThread] = [:]
        for thread in MailThreading.threads(messages) where thread.messages.contains(where: { wanted.contains(messages[$0.index].path) }) {
            let made = MailThread(messages: thread.messages.map { index, depth in
                let message = messages[index]
                return MailThread.Message(path: message.path, subject: message.subject, from: message.from, date: message.date, depth: depth)
            })
            for message in made.messages where wanted.contains(message.path) { found[message.path] = made }
        }
        return found
    }

    /// The most messages gathered for one call: a thread longer than this is shown in part.
    static let mostLinkedMessages = 5_000

    /// The messages at `paths` and every message linked to them, found through the indexes
    /// of `v0011_mail_threads`: the messages whose id a gathered one answers, those that
    /// answer a gathered id (In-Reply-To, or References beginning with it), and, for a
    /// message that answers nothing, the headerless replies titled "Re: " its subject (or
    /// for such a reply, the message of that subject). Round by round until nothing new.
    func linkedMessages(to paths: [String]) throws(StoreError) -> [ThreadedMessage] {
        try read("read the mail's headers") { db in
            var documents: [Int64] = []
            var known: Set<Int64> = []
            var frontier: [Int64] = []
            for path in paths {
                if let id: Int64 = try db.row("SELECT id FROM document WHERE path = ? AND kind = 'mail'", [path], cached: true)?["id"],
                   known.insert(id).inserted {
                    frontier.append(id)
                }
            }
            var messages: [Int64: ThreadedMessage] = [:]
            var keys: Set<String> = []
            var titles: Set<String> = []
            while !frontier.isEmpty, documents.count < Self.mostLinkedMessages {
                documents += frontier
                var newKeys: [String] = []
                var newTitles: [String] = []
                for id in frontier {
                    guard let row = try db.row("SELECT path, title FROM document WHERE id = ?", [id], cached: true) else { continue }
                    var fields: [DocumentField: String] = [:]
                    for field in try db.rows("SELECT name, value FROM document_field WHERE document_id = ?", [id], cached: true) {
                        if let name = DocumentField(rawValue: field["name"]) { fields[name] = field["value"] }
                    }
                    let message = ThreadedMessage(path: row["path"], title: row["title"], fields: fields)
                    messages[id] = message
                    for key in (message.messageID.map { [$0] } ?? []) + message.parents where keys.insert(key).inserted { newKeys.append(key) }
                    if message.parents.isEmpty, let title = message.subject {
                        let lookFor = MailThreading.isReply(title) ? MailThreading.withoutReply(title) : "Re: " + title
                        if titles.insert(lookFor).inserted { newTitles.append(lookFor) }
                    }
                }
                var next: [Int64] = []
                func add(_ rows: [SQLiteRow]) {
                    for row in rows {
                        let id: Int64 = row["document_id"]
                        if known.insert(id).inserted { next.append(id) }
                    }
                }
                for key in newKeys {
                    add(try db.rows("""
                        SELECT document_id FROM document_field
                        WHERE (name = 'message_id' OR name = 'in_reply_to') AND value = ?1
                        UNION SELECT document_id FROM document_field
                        WHERE name = 'references' AND (value = ?1 OR (value > ?1 || ' ' AND value < ?1 || ' ' || char(1114111)))
                        """, [key], cached: true))
                }
                for title in newTitles {
                    add(try db.rows("SELECT id AS document_id FROM document WHERE title = ? AND kind = 'mail'", [title], cached: true))
                }
                frontier = next
            }
            return documents.compactMap { messages[$0] }
        }
    }
}
