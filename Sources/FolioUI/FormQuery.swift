/// A URL's query as HTML forms, `URLSearchParams` and Python's `urlencode` write it
/// (`application/x-www-form-urlencoded`): `+` is a space and `%XX` a byte. Hummingbird's
/// `queryParameters` decodes `%XX` only, so `?q=tax+2023` searched for `tax+2023`.
enum FormQuery {
    /// The parameters of `query` (the part after `?`, as sent); the last of a name
    /// repeated wins. A malformed escape is kept as written.
    static func parameters(_ query: String) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            parameters[decoded(parts[0])] = parts.count > 1 ? decoded(parts[1]) : ""
        }
        return parameters
    }

    /// `text` with `+` as a space and each `%XX` as its byte, read as UTF-8.
    static func decoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                if utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.index(after: utf8.startIndex)]) {
                    bytes.append(high << 4 | low)
                    utf8 = utf8.dropFirst(2)
                } else {
                    bytes.append(byte)
                }
            default:
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
