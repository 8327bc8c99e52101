internal import FolioSearch
internal import FolioStore

/// Why a tool call failed: a tool that does not exist (for `folio mcp` a JSON-RPC "invalid
/// params" error to the client; for a model in `folio chat`, a tool result it reads), or
/// the arguments or the index (a tool result marked as an error, which the caller reads
/// and can correct: MCP's tool execution error, which the 2025-11-25 revision of the
/// specification, SEP-1303, makes of input validation too).
public enum ToolError: Error, Equatable, CustomStringConvertible {
    case unknownTool(String)
    case missingArgument(tool: String, name: String)
    case invalidArgument(tool: String, name: String, reason: String)
    /// A path under which the index holds no document: Folio hands over only what it has
    /// indexed, and never reads a file for an assistant.
    case notIndexed(path: String)
    case index(String)

    public var description: String {
        switch self {
        case let .unknownTool(name): "no tool named \(name): Folio's tools are \(ToolCatalog.names.joined(separator: ", "))"
        case let .missingArgument(tool, name): "\(tool): the argument \(name) is required"
        case let .invalidArgument(tool, name, reason): "\(tool): \(name) \(reason)"
        case let .notIndexed(path):
            "no indexed document at or under \(path): Folio reads only what it has indexed (folioctl sources lists it)"
        case let .index(reason): reason
        }
    }

    /// A search argument's failure (`SearchArguments`) in a call of `tool`.
    init(_ failure: SearchArguments.Failure, tool: String) {
        switch failure {
        case let .missing(name): self = .missingArgument(tool: tool, name: name)
        case let .invalid(name, reason): self = .invalidArgument(tool: tool, name: name, reason: reason)
        case let .notIndexed(path): self = .notIndexed(path: path)
        case let .index(reason): self = .index(reason)
        }
    }

    /// Whether the call names no tool of Folio's: a protocol error, not a tool's answer.
    public var isUnknownTool: Bool {
        if case .unknownTool = self { true } else { false }
    }
}
