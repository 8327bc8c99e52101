internal import FolioCore
internal import FoundationEssentials

extension ChatRequest {
    /// A turn in which the model may call `tools`: the instructions, the conversation's
    /// earlier turns, the question with its first passages (`message`), then each round's
    /// calls and what they returned, in the provider's own form (OpenAI's `tool_calls` and
    /// `tool` messages, Ollama's the same with arguments as objects, Anthropic's
    /// `tool_use` and `tool_result` blocks). No tools: the model must answer from what it
    /// has.
    init(system: String, history: [AskPrompt.Exchange], message: String, steps: [ToolStep], tools: [ToolSpec], maxTokens: Int,
         options: AskOptions, key: String?) {
        let base = options.effectiveURL
        let model = options.effectiveModel
        let earlier: [JSONValue] = history.flatMap { exchange -> [JSONValue] in
            [["role": "user", "content": .string(exchange.question)], ["role": "assistant", "content": .string(exchange.answer)]]
        }
        var body: [String: JSONValue]
        switch options.provider {
        case .ollama, .openai:
            var messages: [JSONValue] = [["role": "system", "content": .string(system)]] + earlier + [["role": "user", "content": .string(message)]]
            for step in steps {
                let calls: [JSONValue] = step.calls.map { call in
                    options.provider == .ollama
                        ? ["function": ["name": .string(call.name), "arguments": Self.object(call.arguments)]]
                        : ["id": .string(call.id), "type": "function", "function": ["name": .string(call.name), "arguments": .string(call.arguments)]]
                }
                messages.append(["role": "assistant", "content": .string(step.text), "tool_calls": .array(calls)])
                for (call, result) in zip(step.calls, step.results) {
                    messages.append(options.provider == .ollama
                        ? ["role": "tool", "content": .string(result), "tool_name": .string(call.name)]
                        : ["role": "tool", "tool_call_id": .string(call.id), "content": .string(result)])
                }
            }
            let functions: [JSONValue] = tools.map { tool in
                ["type": "function", "function": ["name": .string(tool.name), "description": .string(tool.description), "parameters": tool.parameters]]
            }
            if options.provider == .ollama {
                url = base + "/api/chat"
                headers = ["Content-Type: application/json"] + (key.map { ["Authorization: Bearer \($0)"] } ?? [])
                body = ["model": .string(model), "messages": .array(messages), "stream": true,
                        "options": ["num_ctx": .int(options.effectiveContextTokens), "num_predict": .int(maxTokens)]]
                framing = .lines
            } else {
                url = base + "/chat/completions"
                headers = ["Content-Type: application/json", "Accept: text/event-stream"] + (key.map { ["Authorization: Bearer \($0)"] } ?? [])
                body = ["messages": .array(messages), "stream": true, "max_tokens": .int(maxTokens), "stream_options": ["include_usage": true]]
                if !model.isEmpty { body["model"] = .string(model) }
                framing = .events
            }
            if !functions.isEmpty { body["tools"] = .array(functions) }
        case .anthropic:
            url = base + "/v1/messages"
            headers = ["Content-Type: application/json", "Accept: text/event-stream", "anthropic-version: 2023-06-01"]
                + (key.map { ["x-api-key: \($0)"] } ?? [])
            var messages = earlier + [["role": "user", "content": .string(message)]]
            for step in steps {
                let text: [JSONValue] = step.text.isEmpty ? [] : [["type": "text", "text": .string(step.text)]]
                let uses: [JSONValue] = step.calls.map { ["type": "tool_use", "id": .string($0.id), "name": .string($0.name), "input": Self.object($0.arguments)] }
                messages.append(["role": "assistant", "content": .array(text + uses)])
                let results: [JSONValue] = zip(step.calls, step.results).map { call, result in
                    ["type": "tool_result", "tool_use_id": .string(call.id), "content": .string(result)]
                }
                messages.append(["role": "user", "content": .array(results)])
            }
            body = ["model": .string(model), "max_tokens": .int(maxTokens), "system": .string(system), "messages": .array(messages), "stream": true]
            if !tools.isEmpty {
                body["tools"] = .array(tools.map { ["name": .string($0.name), "description": .string($0.description), "input_schema": $0.parameters] })
            }
            framing = .events
        }
        self.body = Array(JSONValue.object(body).text.utf8)
    }

    /// A call's arguments as the object the provider wants back; text that is not a JSON
    /// object (the model's mistake, already answered as an error) as an empty one.
    static func object(_ arguments: String) -> JSONValue {
        if let value = JSONValue(parsing: arguments), value.objectValue != nil { return value }
        return [:]
    }
}
