internal import FolioCore
internal import FolioSearch

/// A tool call's arguments, read by name with the tool's rules: a wrong type or a value
/// out of range is an error that names the argument, never a silent default.
struct ToolArguments {
    let tool: String
    let values: [String: JSONValue]

    init(tool: String, values: [String: JSONValue]?, allowed: Set<String>) throws(ToolError) {
        self.tool = tool
        self.values = values ?? [:]
        if let unknown = self.values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .invalidArgument(tool: tool, name: unknown, reason: "is not an argument of \(tool) (it takes \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    func string(_ name: String) throws(ToolError) -> String? {
        guard let value = present(name) else { return nil }
        guard let text = value.stringValue else { throw .invalidArgument(tool: tool, name: name, reason: "must be a string") }
        return text
    }

    func requiredString(_ name: String) throws(ToolError) -> String {
        guard let text = try string(name) else { throw .missingArgument(tool: tool, name: name) }
        guard !text.allSatisfy(\.isWhitespace) else { throw .invalidArgument(tool: tool, name: name, reason: "must not be empty") }
        return text
    }

    /// An integer within `range`; a JSON number with no fraction counts (2.0 is 2).
    func integer(_ name: String, in range: ClosedRange<Int>) throws(ToolError) -> Int? {
        guard let value = present(name) else { return nil }
        let number: Int?
        switch value {
        case let .int(integer): number = integer
        case let .double(double) where double.rounded() == double && abs(double) < 1e15: number = Int(double)
        default: number = nil
        }
        guard let number else { throw .invalidArgument(tool: tool, name: name, reason: "must be an integer") }
        do {
            return try SearchArguments.number(number, name: name, in: range)
        } catch {
            throw ToolError(error, tool: tool)
        }
    }

    /// One of `Choice`'s raw values.
    func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, _ type: Choice.Type) throws(ToolError) -> Choice?
        where Choice.RawValue == String {
        guard let text = try string(name) else { return nil }
        do {
            return try SearchArguments.choice(text, name: name)
        } catch {
            throw ToolError(error, tool: tool)
        }
    }

    /// A list of `Choice`'s raw values (a single string counts as a list of one).
    func choices<Choice: RawRepresentable & CaseIterable>(_ name: String, _ type: Choice.Type) throws(ToolError) -> [Choice]
        where Choice.RawValue == String {
        guard let value = present(name) else { return [] }
        let items = value.arrayValue ?? [value]
        var chosen: [Choice] = []
        for item in items {
            guard let text = item.stringValue, let choice = Choice(rawValue: text) else {
                throw .invalidArgument(tool: tool, name: name,
                                       reason: "must list values among \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            chosen.append(choice)
        }
        return chosen
    }

    /// The argument, unless absent or JSON null (which clients send for "not given").
    private func present(_ name: String) -> JSONValue? {
        guard let value = values[name], value != .null else { return nil }
        return value
    }
}
