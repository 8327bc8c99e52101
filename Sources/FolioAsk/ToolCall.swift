public import FolioCore

/// A tool the model asks Folio to run, as it asked: the provider's id for the call (the
/// result goes back under it), the tool's name, and its arguments as JSON text (not yet
/// read: a model may send arguments that are not JSON, which is its error to hear).
public struct ToolCall: Sendable, Equatable {
    public var id: String
    public var name: String
    public var arguments: String

    public init(id: String, name: String, arguments: String) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }
}

/// A tool as the model is told of it: its name, what it does, its arguments' JSON schema.
public struct ToolSpec: Sendable, Equatable {
    public var name: String
    public var description: String
    public var parameters: JSONValue

    public init(name: String, description: String, parameters: JSONValue) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }
}

/// One round of a turn with tools: what the model wrote, the calls it made, and what
/// each returned (in the calls' order).
public struct ToolStep: Sendable, Equatable {
    public var text: String
    public var calls: [ToolCall]
    public var results: [String]

    public init(text: String, calls: [ToolCall], results: [String]) {
        self.text = text
        self.calls = calls
        self.results = results
    }
}

/// Gathers a streamed answer's tool calls: OpenAI's and Anthropic's come in pieces (the
/// id and name first, the arguments' JSON text in fragments, by the call's index);
/// Ollama's each whole.
struct ToolCallCollector {
    private(set) var calls: [ToolCall] = []
    private var positions: [Int: Int] = [:]

    /// `index`: the call's place in the provider's stream; `nil` for a call sent whole.
    mutating func add(index: Int?, id: String?, name: String?, arguments: String) {
        guard let index else {
            calls.append(ToolCall(id: id ?? "call_\(calls.count + 1)", name: name ?? "", arguments: arguments))
            return
        }
        if let position = positions[index] {
            if let id, !id.isEmpty { calls[position].id = id }
            if let name, !name.isEmpty, calls[position].name.isEmpty { calls[position].name = name }
            calls[position].arguments += arguments
        } else {
            positions[index] = calls.count
            calls.append(ToolCall(id: id ?? "call_\(calls.count + 1)", name: name ?? "", arguments: arguments))
        }
    }
}
