/// Cuts a streamed response body into the units its protocol sends, whatever pieces the
/// network delivers them in: lines of JSON (Ollama) or server-sent events (OpenAI,
/// Anthropic: `event:` and `data:` lines, a blank line ending each event).
struct StreamFraming {
    enum Kind {
        case lines, events
    }

    /// One unit: a line of JSON, or an event's name and its data lines joined by `\n`.
    struct Unit: Equatable {
        var event: String?
        var data: String
    }

    let kind: Kind
    private var pending: [UInt8] = []
    private var event: String?
    private var data: [String] = []

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// The units completed by `bytes`.
    mutating func add(_ bytes: some Sequence<UInt8>) -> [Unit] {
        pending.append(contentsOf: bytes)
        var units: [Unit] = []
        var start = 0
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = pending[start..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            start = newline + 1
            if let unit = take(String(decoding: line, as: UTF8.self)) { units.append(unit) }
        }
        pending.removeFirst(start)
        return units
    }

    /// What is left when the body ends: a last line without its newline, an event without
    /// its blank line.
    mutating func finish() -> [Unit] {
        var units: [Unit] = []
        if !pending.isEmpty, let unit = take(String(decoding: pending, as: UTF8.self)) { units.append(unit) }
        pending.removeAll()
        if kind == .events, let unit = take("") { units.append(unit) }
        return units
    }

    private mutating func take(_ line: String) -> Unit? {
        switch kind {
        case .lines:
            return line.allSatisfy(\.isWhitespace) ? nil : Unit(event: nil, data: line)
        case .events:
            if line.isEmpty {
                defer {
                    event = nil
                    data = []
                }
                return data.isEmpty ? nil : Unit(event: event, data: data.joined(separator: "\n"))
            }
            if line.hasPrefix(":") { return nil }  // a comment, sent to keep the connection open
            let (field, value) = Self.field(line)
            switch field {
            case "event": event = value
            case "data": data.append(value)
            default: break
            }
            return nil
        }
    }

    /// `name: value`, one space after the colon dropped, as the event-stream format says.
    private static func field(_ line: String) -> (String, String) {
        guard let colon = line.firstIndex(of: ":") else { return (line, "") }
        var value = line[line.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        return (String(line[..<colon]), String(value))
    }
}
