internal import MCP
public import FolioTools
internal import FolioCore
internal import FolioSystem
internal import FoundationEssentials

/// `folio mcp`: Folio's tools for an assistant over the Model Context Protocol, on standard
/// input and output (how desktop assistants start a server), built on the SDK's `Server`
/// with a transport of its own (`StdioLineTransport`).
///
/// Tools only, no resources: an assistant's client lists resources for a person to attach
/// by hand, and a list of every indexed document (tens of thousands) is of no use there;
/// what a resource would give, a document's text by page, `read` gives within limits, found
/// by the same search the assistant already called.
public enum FolioMCPServer {
    /// The version of the tools' interface: it changes when a tool's arguments or results
    /// change in a way a client would notice.
    public static let version = "1"

    static let instructions = """
        Folio searches the user's own documents on this computer (PDFs, office files, e-books, mail, web pages, notes). \
        Call `search` first; each result gives a file, page and chunk to cite and what found it (words or meaning). \
        Call `read` with a result's path and chunk to see the passage and its neighbours before answering from it.
        """

    /// Serves until the client closes standard input.
    public static func run(_ toolbox: FolioToolbox) async throws {
        let server = Server(name: "folio", version: version, title: "Folio", instructions: instructions,
                            capabilities: .init(tools: .init(listChanged: false)))
        let tools = ToolCatalog.all.map { tool in
            Tool(name: tool.name, title: tool.title, description: tool.description, inputSchema: value(tool.inputSchema),
                 annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false))
        }
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: tools) }
        // The index is closed `readerIdleSeconds` after the last call ends, until the next.
        let idle = Shared(IdleCore(restMilliseconds: Int64(FolioToolbox.readerIdleSeconds) * 1000, endMilliseconds: nil,
                                   now: MonotonicClock.milliseconds()))
        await server.withMethodHandler(CallTool.self) { parameters in
            idle.update { $0.answering(+1, now: MonotonicClock.milliseconds()) }
            defer { idle.update { $0.answering(-1, now: MonotonicClock.milliseconds()) } }
            return try FolioMCPServer.call(toolbox, parameters)
        }
        EventLoop.timer(deadline: { idle.current.deadline }, otherwise: 60_000) { now in
            if idle.update({ $0.tick(now: now) }).contains(.rest) { toolbox.closeReader(after: toolbox.calls) }
        }
        let transport = StdioLineTransport()
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
        await transport.waitForAnswers(seconds: 10)
    }

    /// A call's result: the output as JSON text and as structured content. A call of a tool
    /// that does not exist is a protocol error ("invalid params"); a wrong argument, and what
    /// the index answered, error or not, is a result the assistant reads and acts on.
    static func call(_ toolbox: FolioToolbox, _ parameters: CallTool.Parameters) throws -> CallTool.Result {
        do {
            let arguments = parameters.arguments.map { $0.mapValues(jsonValue) }
            let json = try toolbox.run(parameters.name, arguments: arguments)
            let structured: Value? = try JSONDecoder().decode(Value.self, from: json)
            return .init(content: [.text(text: String(decoding: json, as: UTF8.self), annotations: nil, _meta: nil)],
                         structuredContent: structured, isError: false)
        } catch let error as ToolError where error.isUnknownTool {
            throw MCPError.invalidParams(error.description)
        } catch let error as ToolError {
            return .init(content: [.text(text: error.description, annotations: nil, _meta: nil)], isError: true)
        }
    }

    /// The SDK's JSON value for Folio's (the same JSON, converted at this edge).
    static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: .null
        case let .bool(bool): .bool(bool)
        case let .int(int): .int(int)
        case let .double(double): .double(double)
        case let .string(string): .string(string)
        case let .array(items): .array(items.map(value))
        case let .object(object): .object(object.mapValues(value))
        }
    }

    /// Folio's JSON value for the SDK's; data (which JSON cannot hold) as its text.
    static func jsonValue(_ value: Value) -> JSONValue {
        switch value {
        case .null: .null
        case let .bool(bool): .bool(bool)
        case let .int(int): .int(int)
        case let .double(double): .double(double)
        case let .string(string): .string(string)
        case let .array(items): .array(items.map(jsonValue))
        case let .object(object): .object(object.mapValues(jsonValue))
        case .data: .string(value.description)
        }
    }
}
