internal import FolioSQLite
internal import FolioSystem
internal import FoundationEssentials
internal import Glibc

/// The conversations of `folio chat` and the window, in a SQLite file of their own beside
/// the index (`conversations.db`, mode 0600): an index rebuilt from the files after
/// damage keeps them, and nothing in them leaves the machine but what is sent to the
/// configured model. Each turn is written once, whole, when it ends; two windows on one
/// conversation each append theirs, numbered in the order written.
public final class ConversationStore: Sendable {
    public let path: String
    /// Where a damaged file was moved before this one was made anew, if it was.
    public let setAside: String?
    private let database: SQLiteDatabase

    /// The format of the file this Folio writes (`PRAGMA user_version`).
    static let version = 1
    /// A title is the first question, cut to this many characters at a word.
    static let titleLength = 80

    /// Opens the file at `path`, made (0600) when missing (`":memory:"`: kept in memory,
    /// for as long as the store). A file SQLite finds damaged, or
    /// that is not a database, is moved aside (`…damaged-TIME`) and a new one made: the
    /// conversations are the user's, so they are kept to be looked at, never deleted.
    public init(path: String) throws(ConversationError) {
        self.path = path
        do {
            database = try Self.open(path)
            setAside = nil
        } catch let error as SQLiteError where error.isDamage {
            let aside = path + ".damaged-\(Self.now())"
            guard rename(path, aside) == 0 else {
                throw .unusable(path: path, reason: "it is damaged (\(error.message)), and it cannot be moved aside: \(String(cString: strerror(errno)))")
            }
            for suffix in ["-wal", "-shm"] { _ = rename(path + suffix, aside + suffix) }
            do {
                database = try Self.open(path)
            } catch {
                throw .unusable(path: path, reason: "\(error)")
            }
            setAside = aside
        } catch let error as ConversationError {
            throw error
        } catch {
            throw .unusable(path: path, reason: "\(error)")
        }
    }

    /// The store `folio chat`, the window and the library share: `conversations.db` in the
    /// folder of the index at `index`.
    public convenience init(besideIndex index: String) throws(ConversationError) {
        try self.init(path: (index.lastIndex(of: "/").map { String(index[..<$0]) } ?? ".") + "/conversations.db")
    }

    private static func open(_ path: String) throws -> SQLiteDatabase {
        if path != ":memory:", access(path, F_OK) != 0 {
            if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
                let folder = String(path[..<slash])
                if access(folder, F_OK) != 0 { try Directory.makePrivate(folder) }
            }
            let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 { close(descriptor) }
        }
        let database = try SQLiteDatabase(path: path, access: .readWrite, busyTimeoutMilliseconds: 5000)
        try database.withoutTransaction { connection in
            // A file that is not a database fails here (SQLITE_NOTADB); one whose pages do
            // not hold together, at the check.
            try connection.execute("PRAGMA journal_mode = WAL")
            // What a deleted conversation said is overwritten, not left in free pages.
            try connection.execute("PRAGMA secure_delete = ON")
            let check = try connection.value(as: String.self, "PRAGMA quick_check") ?? ""
            guard check == "ok" else { throw SQLiteError(extendedCode: 11, message: check) }
            let found = try connection.value(as: Int.self, "PRAGMA user_version") ?? 0
            if found > version { throw ConversationError.newer(path: path, version: found) }
            if found < version {
                try connection.executeScript("""
                    BEGIN IMMEDIATE;
                    CREATE TABLE IF NOT EXISTS conversation(
                        id INTEGER PRIMARY KEY, title TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
                    CREATE TABLE IF NOT EXISTS turn(
                        conversation_id INTEGER NOT NULL, position INTEGER NOT NULL, question TEXT NOT NULL,
                        searched_for TEXT NOT NULL, answer TEXT NOT NULL, status TEXT NOT NULL, detail TEXT,
                        sources TEXT NOT NULL, calls TEXT NOT NULL, created_at INTEGER NOT NULL,
                        PRIMARY KEY(conversation_id, position));
                    PRAGMA user_version = \(version);
                    COMMIT;
                    """)
            }
        }
        return database
    }

    /// A new conversation, titled by its first question.
    public func create(title question: String) throws(ConversationError) -> Conversation {
        let title = Self.title(question)
        let now = Self.now()
        return try run { database in
            try database.write { connection in
                let id: Int64 = try connection.row("INSERT INTO conversation(title, created_at, updated_at) VALUES (?, ?, ?) RETURNING id",
                                                   [title, now, now])?["id"] ?? 0
                return Conversation(id: id, title: title, created: now, updated: now, turns: 0)
            }
        }
    }

    /// Every conversation, the one changed last first.
    public func list() throws(ConversationError) -> [Conversation] {
        try run { database in
            try database.read { connection in
                try connection.rows("""
                    SELECT id, title, created_at, updated_at, (SELECT count(*) FROM turn WHERE conversation_id = id) AS turns
                    FROM conversation ORDER BY updated_at DESC, id DESC
                    """).map(Self.conversation)
            }
        }
    }

    public func conversation(_ id: Int64) throws(ConversationError) -> Conversation {
        let found = try run { database in
            try database.read { connection in
                try connection.row("""
                    SELECT id, title, created_at, updated_at, (SELECT count(*) FROM turn WHERE conversation_id = id) AS turns
                    FROM conversation WHERE id = ?
                    """, [id]).map(Self.conversation)
            }
        }
        guard let found else { throw .notFound(id: id) }
        return found
    }

    /// The conversation's turns in order.
    public func turns(of id: Int64) throws(ConversationError) -> [ChatTurn] {
        try run { database in
            try database.read { connection in
                try connection.rows("""
                    SELECT position, question, searched_for, answer, status, detail, sources, calls, created_at
                    FROM turn WHERE conversation_id = ? ORDER BY position
                    """, [id]).map { row in
                    let sources = (try? JSONDecoder().decode([ChatSource].self, from: Data((row["sources"] as String).utf8))) ?? []
                    let calls = (try? JSONDecoder().decode([ToolCallRecord].self, from: Data((row["calls"] as String).utf8))) ?? []
                    return ChatTurn(position: row["position"], question: row["question"], searchedFor: row["searched_for"], answer: row["answer"],
                                    status: ChatTurn.Status(rawValue: row["status"]) ?? .failed, detail: row["detail"], sources: sources,
                                    calls: calls, created: row["created_at"])
                }
            }
        }
    }

    /// Adds `turn` after the conversation's last (whatever another window added
    /// meanwhile), and returns it as numbered.
    @discardableResult
    public func append(_ turn: ChatTurn, to id: Int64) throws(ConversationError) -> ChatTurn {
        let sources = String(decoding: (try? JSONEncoder().encode(turn.sources)) ?? Data("[]".utf8), as: UTF8.self)
        let calls = String(decoding: (try? JSONEncoder().encode(turn.calls)) ?? Data("[]".utf8), as: UTF8.self)
        let numbered = try run { database in
            try database.write { connection -> ChatTurn? in
                guard try connection.row("SELECT 1 FROM conversation WHERE id = ?", [id]) != nil else { return nil }
                var turn = turn
                turn.position = (try connection.value(as: Int.self, "SELECT max(position) FROM turn WHERE conversation_id = ?", [id]) ?? 0) + 1
                try connection.execute("""
                    INSERT INTO turn(conversation_id, position, question, searched_for, answer, status, detail, sources, calls, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [id, turn.position, turn.question, turn.searchedFor, turn.answer, turn.status.rawValue, turn.detail, sources, calls,
                          turn.created])
                try connection.execute("UPDATE conversation SET updated_at = ? WHERE id = ?", [turn.created, id])
                return turn
            }
        }
        guard let numbered else { throw .notFound(id: id) }
        return numbered
    }

    /// Deletes a conversation and its turns (overwritten: `secure_delete`), and gives their
    /// room back, the log of writes emptied.
    public func delete(_ id: Int64) throws(ConversationError) {
        let deleted = try run { database in
            let deleted = try database.write { connection -> Bool in
                try connection.execute("DELETE FROM turn WHERE conversation_id = ?", [id])
                try connection.execute("DELETE FROM conversation WHERE id = ?", [id])
                return connection.changes > 0
            }
            if deleted {
                try database.withoutTransaction { connection in
                    try connection.execute("VACUUM")
                    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                }
            }
            return deleted
        }
        guard deleted else { throw .notFound(id: id) }
    }

    private func run<T>(_ body: (SQLiteDatabase) throws -> T) throws(ConversationError) -> T {
        do {
            return try body(database)
        } catch let error as ConversationError {
            throw error
        } catch {
            throw .unusable(path: path, reason: "\(error)")
        }
    }

    private static func conversation(_ row: SQLiteRow) -> Conversation {
        Conversation(id: row["id"], title: row["title"], created: row["created_at"], updated: row["updated_at"], turns: row["turns"])
    }

    /// The first question on one line, cut at a word.
    static func title(_ question: String) -> String {
        let line = question.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard line.count > titleLength else { return line }
        let cut = line.prefix(titleLength)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + " …"
    }

    static func now() -> Int64 {
        Int64(time(nil))
    }
}
