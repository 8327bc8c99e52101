public import FolioStore

/// A mail thread with each message's text, in thread order, within a length: what
/// `folioq --thread` shows and the `thread` tool returns (`folio mcp`, `folio chat`).
public struct ThreadTranscript: Encodable, Sendable {
    public struct Message: Encodable, Sendable {
        public var path: String
        public var subject: String?
        public var from: String?
        public var date: String?
        /// How deep it answers: 0 for the thread's first message.
        public var depth: Int
        /// Its text as indexed (the From, To and Date lines, then the body).
        public var text: String
    }

    public var subject: String?
    public var messages: [Message]
    /// Whether texts were cut to the length asked for (the later messages' first).
    public var truncated: Bool

    /// The texts of `thread`'s messages from `reader`, at most `limit` characters in all:
    /// each message keeps at least its first 200 while there is room, the rest cut.
    public static func read(_ thread: MailThread, from reader: IndexReader, limit: Int) throws(StoreError) -> ThreadTranscript {
        var left = limit
        var truncated = false
        var messages: [Message] = []
        for message in thread.messages {
            var text = try Self.text(of: message.path, in: reader)
            let room = max(0, min(left, max(200, left - 200 * (thread.messages.count - messages.count - 1))))
            if text.count > room {
                text = String(text.prefix(room)) + "…"
                truncated = true
            }
            left -= min(left, text.count)
            messages.append(Message(path: message.path, subject: message.subject, from: message.from, date: message.date, depth: message.depth,
                                    text: text))
        }
        return ThreadTranscript(subject: thread.subject, messages: messages, truncated: truncated)
    }

    /// A document's chunks joined again, the words two neighbours share said once, each
    /// chunk's own lines kept.
    static func text(of path: String, in reader: IndexReader) throws(StoreError) -> String {
        guard let document = try reader.documents(in: .document(path)).first, document.chunkCount > 0 else { return "" }
        var text = ""
        var words: [Substring] = []
        for passage in try reader.passages(of: path, chunks: 0...(document.chunkCount - 1)) {
            let next = passage.text.split(whereSeparator: \.isWhitespace)
            let shared = (0...min(words.count, next.count, 400)).last { count in count == 0 || words.suffix(count).elementsEqual(next.prefix(count)) } ?? 0
            guard shared < next.count else { continue }
            // The rest of this chunk as written, from its first word not already said.
            let rest = passage.text[next[shared].startIndex...]
            text += (text.isEmpty ? "" : " ") + rest
            words += next.dropFirst(shared)
        }
        return text
    }
}
