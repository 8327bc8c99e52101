internal import FolioStore

/// Why a tool call of `folio mcp` failed: a tool that does not exist (a JSON-RPC "invalid
/// params" error to the client), or the arguments or the index (a tool result marked as an
/// error, which the assistant reads and can correct: MCP's tool execution error, which
/// the 2025-11-25 revision of the specification, SEP-1303, makes of input validation too).
enum ToolError: Error, Equatable, CustomStringConvertible {
    case unknownTool(String)
    case missingArgument(tool: String, name: String)
    case invalidArgument(tool: String, name: String, reason: String)
    /// A path under which the index holds no document: Folio hands over only what it has
    /// indexed, and never reads a file for an assistant.
    case notIndexed(path: String)
    case index(String)

    var description: String {
        switch self {
        case let .unknownTool(name): "no tool named \(name): Folio's tools are \(FolioTools.names.joined(separator: ", "))"
        case let .missingArgument(tool, name): "\(tool): the argument \(name) is required"
        case let .invalidArgument(tool, name, reason): "\(tool): \(name) \(reason)"
        case let .notIndexed(path):
            "no indexed document at or under \(path): Folio reads only what it has indexed (folioctl sources lists it)"
        case let .index(reason): reason
        }
    }

    /// Whether the call names no tool of Folio's: a protocol error, not a tool's answer.
    var isUnknownTool: Bool {
        if case .unknownTool = self { true } else { false }
    }
}
