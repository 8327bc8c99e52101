/// Percent-encoding (RFC 3986) of a path or a value: every byte outside the unreserved set
/// and `/` as `%XX`, so spaces, `#`, `&` and non-ASCII names survive a URI. One for the
/// `file://` URIs of the launchers (`FileURI`) and the window's links to its own API.
public enum PercentEncoding {
    public static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
