/// The parts of source code's camelCase and PascalCase names, which the index's tokenizer
/// keeps whole (`parseConfig` is one token): `parse config`, `lighthouse keeper`,
/// `http server` for `HTTPServer`. A chunk of code holds them as its `terms`, searched beside
/// its text and never shown, so `parse config` finds `parseConfig` as `parseConfig` does.
/// (`snake_case` and `kebab-case` need nothing: `_` and `-` part tokens already.)
public enum CodeTerms {
    /// Each name of `text` that changes case inside, as its parts (lower case, a space
    /// between), one name a line, each once; `nil` when there is none.
    public static func of(_ text: String) -> String? {
        var seen: Set<Substring> = []
        var lines: [String] = []
        for name in text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) where seen.insert(name).inserted {
            let parts = Self.parts(of: name)
            if parts.count > 1 { lines.append(parts.joined(separator: " ").lowercased()) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
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
