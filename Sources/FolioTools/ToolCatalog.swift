public import FolioCore
internal import FolioStore

/// One of Folio's tools as an assistant or a model is told of it: its name, what it does,
/// and the JSON schema of its arguments. Every one only reads: nothing a caller does
/// writes to the index or forgets a file.
public struct ToolDefinition: Sendable {
    public var name: String
    public var title: String
    public var description: String
    public var inputSchema: JSONValue
}

/// The tools `folio mcp` offers and `folio chat` gives a model that calls tools: one list,
/// one set of names and arguments for both.
public enum ToolCatalog {
    public static let search = "search"
    public static let read = "read"
    public static let thread = "thread"
    public static let listSources = "list_sources"
    public static let status = "status"
    public static var names: [String] { all.map(\.name) }

    /// The most results one search hands over, and the default.
    static let maximumResults = 50
    static let defaultResults = 10
    /// The most chunks a `read` hands over on each side of the one asked for.
    static let maximumAround = 3
    /// The most characters of passage text one `read` hands over: a passage never hands
    /// over a whole book, however long its chunks.
    static let maximumReadCharacters = 12_000
    /// The most documents one `list_sources` call lists.
    static let maximumListed = 200

    public static let all: [ToolDefinition] = [
        ToolDefinition(name: search, title: "Search documents",
             description: """
                 Search the user's indexed documents (PDF, office, e-book, mail, web pages, text) by words and by meaning. \
                 Returns the best passages with file path, page, section, a snippet, and what found each result \
                 (words, meaning, or both). Query syntax: all words are required ("exact phrase", prefix*, -word, a OR b); \
                 a plain question also works. Call `read` with a result's path and chunk to see the passage and its neighbours.
                 """,
             inputSchema: object([
                 "query": ["type": "string", "description": "What to search for: words, a phrase in quotes, or a question; fields narrow it: after:2023-01 before:2024 date:2023-03 since:2w size:>10M type:pdf ext:xlsx dir:receipts name:budget* author:TEXT from:TEXT to:TEXT (a message's date is when it was sent)."],
                 "mode": ["type": "string", "enum": .array(SearchMode.allCases.map { .string($0.rawValue) }),
                          "description": "hybrid (default: words and meaning), lexical (words only), semantic (meaning only)."],
                 "path": ["type": "string", "description": "Only documents under this folder, or this one file (an absolute path)."],
                 "type": ["type": "array", "items": ["type": "string", "enum": .array(DocumentKind.allCases.map { .string($0.rawValue) })],
                          "description": "Only documents of these types."],
                 "limit": ["type": "integer", "minimum": 1, "maximum": .int(maximumResults), "default": .int(defaultResults),
                           "description": "The most results."],
             ], required: ["query"])),
        ToolDefinition(name: read, title: "Read a passage",
             description: """
                 Read a passage of an indexed document with its neighbours: the chunk a search result names (its `chunk`), \
                 or the one holding a page, and up to \(maximumAround) chunks on each side. Returns each chunk's text with its \
                 pages and section, at most \(maximumReadCharacters) characters in all; `next_chunk` says where to go on.
                 """,
             inputSchema: object([
                 "path": ["type": "string", "description": "The document's path, as a search result gives it."],
                 "chunk": ["type": "integer", "minimum": 0, "description": "The chunk to read (a search result's `chunk`)."],
                 "page": ["type": "integer", "minimum": 1, "description": "Read the chunk holding this page instead."],
                 "around": ["type": "integer", "minimum": 0, "maximum": .int(maximumAround), "default": 1,
                            "description": "Chunks on each side of it."],
             ], required: ["path"])),
        ToolDefinition(name: thread, title: "Read a mail thread",
             description: """
                 The whole mail thread of a message a search found (its path; a mailbox's messages are `Inbox.mbox//42`): \
                 every message in order, each with its subject, sender, date, how deep it answers, and its text, at most \
                 \(maximumReadCharacters) characters in all. Threads are made from the messages' Message-ID, In-Reply-To \
                 and References headers.
                 """,
             inputSchema: object([
                 "path": ["type": "string", "description": "The path of a message, as a search result gives it."],
             ], required: ["path"])),
        ToolDefinition(name: listSources, title: "List indexed documents",
             description: """
                 List what Folio has indexed: the folders it watches, the totals, and the documents (path, type, pages, \
                 status, and why a document failed), under a folder if given, \(maximumListed) at most per call.
                 """,
             inputSchema: object([
                 "path": ["type": "string", "description": "Only documents under this folder."],
                 "status": ["type": "string", "enum": ["indexed", "partial", "failed"], "description": "Only documents with this status."],
                 "limit": ["type": "integer", "minimum": 1, "maximum": .int(maximumListed), "default": 50],
                 "offset": ["type": "integer", "minimum": 0, "default": 0, "description": "Skip this many documents (paging)."],
             ], required: [])),
        ToolDefinition(name: status, title: "Index status",
             description: """
                 Whether Folio's daemon runs and what the index holds: documents, pages, failures, and how far search by \
                 meaning is (documents with vectors, time left).
                 """,
             inputSchema: object([:], required: [])),
    ]

    /// The arguments tool `name` takes (its schema's properties); `nil`: no such tool.
    public static func arguments(of name: String) -> Set<String>? {
        guard let tool = all.first(where: { $0.name == name }) else { return nil }
        return Set((tool.inputSchema.objectValue?["properties"]?.objectValue ?? [:]).keys)
    }

    private static func object(_ properties: [String: JSONValue], required: [String]) -> JSONValue {
        ["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
         "additionalProperties": false]
    }
}
