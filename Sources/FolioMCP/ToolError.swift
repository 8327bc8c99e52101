internal import FolioStore

/// Why a tool call of `folio mcp` failed: the arguments (a JSON-RPC "invalid params" error
/// to the client, since the call never ran), or the index (a tool result marked as an
/// error, which the assistant reads: MCP's tool execution error).
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

    /// Whether the call itself was malformed (a protocol error), not the index's answer.
    var isInvalidCall: Bool {
        switch self {
        case .unknownTool, .missingArgument, .invalidArgument: true
        case .notIndexed, .index: false
        }
    }
}
