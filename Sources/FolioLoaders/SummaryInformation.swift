/// The title and author an Office 97–2003 file keeps in its compound file's
/// `\u{05}SummaryInformation` stream (an OLE property set), as `OfficePackage.properties()`
/// reads them from OOXML's and ODF's XML. Neither catdoc program reads them.
///
/// A property set that does not add up gives no properties: they name the document, and its
/// text is read without them.
///
/// Related documentation: [MS-OLEPS] Object Linking and Embedding (OLE) Property Set Data
/// Structures, §2.15 (TypedPropertyValue), §2.20 (PropertySet), §2.21 (PropertySetStream),
/// and the summary information's property ids (PIDSI_TITLE 2, PIDSI_AUTHOR 4).
enum SummaryInformation {
    static let streamName = "\u{05}SummaryInformation"

    private enum Identifier {
        static let codePage: UInt32 = 1
        static let title: UInt32 = 2
        static let author: UInt32 = 4
    }

    /// The properties of the file's summary information, if it has one that reads.
    static func properties(in streams: CompoundFileStreams) -> OfficePackage.Properties {
        guard let bytes = try? streams.stream(named: streamName) else { return OfficePackage.Properties() }
        return properties(bytes)
    }

    static func properties(_ bytes: [UInt8]) -> OfficePackage.Properties {
        // PropertySetStream: byte order, version, system, CLSID, the number of sets, then
        // each set's FMTID and offset; the first set is the summary information.
        guard bytes.count >= 48, CompoundFileStreams.uint16(bytes, 0) == 0xFFFE, CompoundFileStreams.uint32(bytes, 24) >= 1 else {
            return OfficePackage.Properties()
        }
        let set = Int(CompoundFileStreams.uint32(bytes, 44))
        guard set >= 48, set + 8 <= bytes.count else { return OfficePackage.Properties() }
        let count = Int(CompoundFileStreams.uint32(bytes, set + 4))
        var values: [UInt32: Int] = [:]
        for index in 0 ..< min(count, (bytes.count - set - 8) / 8) {
            let entry = set + 8 + 8 * index
            values[CompoundFileStreams.uint32(bytes, entry)] = set + Int(CompoundFileStreams.uint32(bytes, entry + 4))
        }
        var codePage: UInt16 = 1252
        if let at = values[Identifier.codePage], at + 6 <= bytes.count, CompoundFileStreams.uint16(bytes, at) == 0x02 {
            codePage = CompoundFileStreams.uint16(bytes, at + 4)
        }
        func text(_ identifier: UInt32) -> String? {
            guard let at = values[identifier], at >= set, at + 8 <= bytes.count else { return nil }
            let type = CompoundFileStreams.uint16(bytes, at)
            let length = Int(CompoundFileStreams.uint32(bytes, at + 4))
            let start = at + 8
            let value: String
            switch type {
            case 0x1E:  // VT_LPSTR: bytes in the set's code page, a NUL at the end
                guard length <= bytes.count - start else { return nil }
                let raw = Array(bytes[start ..< start + length])
                switch codePage {
                case 65001: value = String(decoding: raw, as: UTF8.self)
                case 1200: value = TextDecoding.utf16(raw[...], bigEndian: false)
                case 1252, 28591: value = TextDecoding.windows1252(raw)
                default:
                    // Another code page (Shift-JIS, GBK…): ASCII reads the same in all of them;
                    // anything else would be garbled, and a wrong title is worse than none.
                    guard raw.allSatisfy({ $0 < 0x80 }) else { return nil }
                    value = String(decoding: raw, as: UTF8.self)
                }
            case 0x1F:  // VT_LPWSTR: UTF-16 code units, a NUL at the end
                guard length <= (bytes.count - start) / 2 else { return nil }
                value = TextDecoding.utf16(bytes[start ..< start + 2 * length], bigEndian: false)
            default:
                return nil
            }
            let trimmed = String(value.filter { $0 != "\u{0}" }).collapsingWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        }
        return OfficePackage.Properties(title: text(Identifier.title), author: text(Identifier.author))
    }
}
