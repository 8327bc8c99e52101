/// Turns the bytes of a text file into a `String`, whatever its encoding, or refuses
/// them as binary.
///
/// Order: a byte-order mark (UTF-8, UTF-16 LE/BE) decides; UTF-16 without a mark is
/// recognised by its pattern of zero bytes; binary data (a known file signature, NUL
/// bytes, many control characters) is refused; valid UTF-8 is taken as is; mostly-valid
/// UTF-8 is decoded with U+FFFD for the broken bytes; anything else is Windows-1252 (a
/// superset of the printable Latin-1). Never traps on any input.
enum TextDecoding {
    enum Refusal: Error, Equatable {
        /// What the bytes look like instead ("a PDF document", "binary data").
        case binary(String)
    }

    /// The text of a file, or `LoaderError.binaryContent` naming what it holds instead.
    static func decode(_ file: SourceFile) throws(LoaderError) -> String {
        let bytes = try file.bytes()
        do {
            return try decode(bytes)
        } catch {
            switch error {
            case let .binary(what): throw .binaryContent(path: file.path, what: what)
            }
        }
    }

    static func decode(_ bytes: [UInt8]) throws(Refusal) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return String(decoding: bytes.dropFirst(3), as: UTF8.self)
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        if let bigEndian = unmarkedUTF16(bytes) { return utf16(bytes[...], bigEndian: bigEndian) }
        if let format = signature(of: bytes) { throw .binary(format) }
        if looksBinary(bytes) { throw .binary("binary data") }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return mostlyUTF8(bytes) ? String(decoding: bytes, as: UTF8.self) : windows1252(bytes)
    }

    /// Known binary formats people give the wrong extension to.
    private static func signature(of bytes: [UInt8]) -> String? {
        let signatures: [([UInt8], String)] = [
            (Array("%PDF-".utf8), "a PDF document"),
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image"),
            ([0xFF, 0xD8, 0xFF], "a JPEG image"),
            (Array("GIF8".utf8), "a GIF image"),
            ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive (or an office document)"),
            ([0x1F, 0x8B], "gzip-compressed data"),
            ([0x7F, 0x45, 0x4C, 0x46], "an ELF executable"),
            (Array("SQLite format 3".utf8), "an SQLite database"),
        ]
        return signatures.first { bytes.starts(with: $0.0) }?.1
    }

    /// NUL bytes, or more than 2% control characters other than tab, newlines, form feed
    /// and escape, in the first 64 KiB.
    private static func looksBinary(_ bytes: [UInt8]) -> Bool {
        let sample = bytes.prefix(65_536)
        var controls = 0
        for byte in sample {
            if byte == 0 { return true }
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D, byte != 0x0C, byte != 0x0B, byte != 0x1B {
                controls += 1
            }
        }
        return controls * 50 > sample.count
    }

    /// `true` (big-endian) or `false` (little-endian) when the first 4 KiB are UTF-16
    /// without a byte-order mark: zeros in most high bytes and in almost no low bytes.
    private static func unmarkedUTF16(_ bytes: [UInt8]) -> Bool? {
        let sample = bytes.prefix(4096)
        let pairs = sample.count / 2
        guard pairs >= 2 else { return nil }
        var evenZeros = 0
        var oddZeros = 0
        for (index, byte) in sample.prefix(pairs * 2).enumerated() where byte == 0 {
            if index % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
        }
        if oddZeros * 10 >= pairs * 7, evenZeros * 20 <= pairs { return false }
        if evenZeros * 10 >= pairs * 7, oddZeros * 20 <= pairs { return true }
        return nil
    }

    /// UTF-16 code units, two bytes each (a last odd byte is left out).
    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Whether well-formed multi-byte sequences outnumber the broken bytes: a UTF-8 file
    /// with a few bad bytes, not a legacy 8-bit file.
    private static func mostlyUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var wellFormed = 0
        var broken = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): if scalar.value > 0x7F { wellFormed += 1 }
            case .error: broken += 1
            case .emptyInput: break loop
            }
        }
        return wellFormed > broken
    }

    /// Windows-1252: Latin-1 with printable characters in 0x80–0x9F.
    static func windows1252(_ bytes: [UInt8]) -> String {
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }

    /// Splits decoded text into lines, accepting `\n`, `\r\n` and lone `\r`. Works on
    /// the UTF-8 bytes: splitting by `Character` cost a twentieth of indexing time.
    static func lines(of text: Substring) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(text[start..<index])
                var next = bytes.index(after: index)
                if byte == 0x0D, next != bytes.endIndex, bytes[next] == 0x0A { next = bytes.index(after: next) }
                start = next
                index = next
            } else {
                index = bytes.index(after: index)
            }
        }
        lines.append(text[start..<bytes.endIndex])
        return lines
    }
}
