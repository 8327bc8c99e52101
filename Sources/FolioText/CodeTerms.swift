/// The parts of source code's camelCase and PascalCase names, which the index's tokenizer
/// keeps whole (`parseConfig` is one token): `parse config`, `lighthouse keeper`,
/// `http server` for `HTTPServer`. A chunk of code holds them as its `terms`, searched beside
/// its text and never shown, so `parse config` finds `parseConfig` as `parseConfig` does.
/// (`snake_case` and `kebab-case` need nothing: `_` and `-` part tokens already.)
public enum CodeTerms {
    /// Each name of `text` that changes case inside, as its parts (lower case, a space
    /// between), one name a line, each once; `nil` when there is none.
    public static func of(_ text: String) -> String? {
        if let terms = ofASCII(text) { return terms }
        return ofCharacters(text)
    }

    /// `of` for any text, `Character` by `Character`.
    static func ofCharacters(_ text: String) -> String? {
        var seen: Set<Substring> = []
        var lines: [String] = []
        for name in text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) where seen.insert(name).inserted {
            let parts = Self.parts(of: name)
            if parts.count > 1 { lines.append(parts.joined(separator: " ").lowercased()) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// `of` for text of ASCII alone (most code), on its bytes: the same names (runs of
    /// letters and digits) cut at the same places, without asking each `Character` what it
    /// is, the most of what reading code cost besides its parse (docs/benchmarks.md, "Code's
    /// definitions as sections"). `.none` when the text is not all ASCII; `.some(nil)`
    /// when no name in it changes case inside.
    static func ofASCII(_ text: String) -> String?? {
        var text = text
        return text.withUTF8 { bytes -> String?? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
            func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
            func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
            var seen: Set<String> = []
            var lines: [String] = []
            var index = 0
            while index < bytes.count {
                guard isUpper(bytes[index]) || isLower(bytes[index]) || isDigit(bytes[index]) else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, isUpper(bytes[index]) || isLower(bytes[index]) || isDigit(bytes[index]) { index += 1 }
                guard seen.insert(String(decoding: bytes[start..<index], as: UTF8.self)).inserted else { continue }
                var parts: [String] = []
                var partStart = start
                for position in (start + 1)..<max(start + 1, index) {
                    let (before, here) = (bytes[position - 1], bytes[position])
                    let afterIsLower = position + 1 < index && isLower(bytes[position + 1])
                    if isUpper(here) && (isLower(before) || isDigit(before) || (isUpper(before) && afterIsLower)) {
                        parts.append(String(decoding: bytes[partStart..<position], as: UTF8.self))
                        partStart = position
                    }
                }
                if parts.isEmpty { continue }
                parts.append(String(decoding: bytes[partStart..<index], as: UTF8.self))
                lines.append(parts.joined(separator: " ").lowercased())
            }
            return .some(lines.isEmpty ? nil : lines.joined(separator: "\n"))
        }
    }

    /// `getHTTPResponse2` → `get`, `HTTP`, `Response2`: a new part at a capital after a
    /// lower-case letter or a digit, and at the last capital of a run followed by a
    /// lower-case letter. Digits stay with their letters (`sha256`, a hash's hex).
    public static func parts(of name: Substring) -> [Substring] {
        let characters = Array(name.indices)
        var parts: [Substring] = []
        var start = name.startIndex
        for position in 1..<max(1, characters.count) {
            let (before, here) = (name[characters[position - 1]], name[characters[position]])
            let after = position + 1 < characters.count ? name[characters[position + 1]] : nil
            let breaks = (here.isUppercase && (before.isLowercase || before.isNumber))
                || (here.isUppercase && before.isUppercase && after?.isLowercase == true)
            if breaks {
                parts.append(name[start..<characters[position]])
                start = characters[position]
            }
        }
        parts.append(name[start...])
        return parts
    }
}
