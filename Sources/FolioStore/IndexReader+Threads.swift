public import FolioCore

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

    /// The thread of each message among `paths` (others are left out). The threads are made
    /// from every message the index holds, read each time: a reply indexed since joins at once.
    public func mailThreads(of paths: [String]) throws(StoreError) -> [String: MailThread] {
        let wanted = Set(paths)
        guard !wanted.isEmpty else { return [:] }
        let messages = try threadedMessages()
        guard messages.contains(where: { wanted.contains($0.path) }) else { return [:] }
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

    /// Every message of the index, with the fields threading reads.
    func threadedMessages() throws(StoreError) -> [ThreadedMessage] {
        try read("read the mail's headers") { db in
            var order: [String] = []
            var titles: [String: String?] = [:]
            var fields: [String: [DocumentField: String]] = [:]
            try db.forEachRow("""
                SELECT d.path, d.title, f.name, f.value FROM document d LEFT JOIN document_field f ON f.document_id = d.id
                WHERE d.kind = 'mail' ORDER BY d.id
                """) { row in
                let path: String = row["path"]
                if titles[path] == nil {
                    order.append(path)
                    titles[path] = .some(row["title"])
                }
                if let name = (row["name"] as String?).flatMap(DocumentField.init(rawValue:)), let value: String = row["value"] {
                    fields[path, default: [:]][name] = value
                }
            }
            return order.map { ThreadedMessage(path: $0, title: titles[$0] ?? nil, fields: fields[$0] ?? [:]) }
        }
    }
}
