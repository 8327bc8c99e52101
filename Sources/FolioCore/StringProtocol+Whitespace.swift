extension StringProtocol {
    /// The text without leading and trailing white space.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isSpace })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// The text with every run of white space (line breaks included) made one space, and
    /// none at either end: how HTML shows text.
    ///
    /// Works on the UTF-8 bytes, whose white space is a handful of byte sequences:
    /// appending scalar by scalar took a tenth of the time of indexing office files.
    public func collapsingWhitespace() -> String {
        if let collapsed = utf8.withContiguousStorageIfAvailable({ Self.collapse($0) }) { return collapsed }
        return Array(utf8).withUnsafeBufferPointer { Self.collapse($0) }
    }

    private static func collapse(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { output in
            var count = 0
            var pendingSpace = false
            var index = 0
            while index < bytes.count {
                let space = whitespaceLength(bytes, at: index)
                if space > 0 {
                    pendingSpace = count > 0
                    index += space
                    continue
                }
                if pendingSpace {
                    output[count] = 0x20
                    count += 1
                    pendingSpace = false
                }
                output[count] = bytes[index]
                count += 1
                index += 1
            }
            return count
        }
    }

    /// The length in bytes of the white space (Unicode's White_Space property, as
    /// `Unicode.Scalar.isSpace`) that starts at `index`, 0 when none does.
    @inline(__always)
    private static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let first = bytes[index]
        if first < 0x80 { return first == 0x20 || (first >= 0x09 && first <= 0x0D) ? 1 : 0 }
        let remaining = bytes.count - index
        switch first {
        case 0xC2 where remaining >= 2:
            // U+0085, U+00A0
            return bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0 ? 2 : 0
        case 0xE1 where remaining >= 3:
            // U+1680
            return bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80 ? 3 : 0
        case 0xE2 where remaining >= 3:
            let second = bytes[index + 1], third = bytes[index + 2]
            // U+2000–U+200A, U+2028, U+2029, U+202F; U+205F
            if second == 0x80, (0x80 ... 0x8A).contains(third) || third == 0xA8 || third == 0xA9 || third == 0xAF { return 3 }
            return second == 0x81 && third == 0x9F ? 3 : 0
        case 0xE3 where remaining >= 3:
            // U+3000
            return bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }
}
