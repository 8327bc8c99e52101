/// The relationships of one part of an Office Open XML package (`xl/_rels/workbook.xml.rels`
/// for `xl/workbook.xml`): how a workbook finds its sheets, a presentation its slides, a
/// slide its notes. Targets are resolved to entry names.
///
/// Related documentation: ECMA-376 Part 2, Open Packaging Conventions, §9.3.
struct OOXMLRelationships {
    private var byID: [String: (target: String, type: String)] = [:]

    init() {}

    /// The relationships of `part` (`""` for the package's own, `_rels/.rels`); none when
    /// the part has no relationships entry.
    init(archive: ZipArchive, part: String) throws(ZipArchive.Failure) {
        let folder = part.lastIndex(of: "/").map { String(part[..<$0]) } ?? ""
        let name = part.split(separator: "/").last.map(String.init) ?? ""
        let entry = (folder.isEmpty ? "" : folder + "/") + "_rels/" + name + ".rels"
        guard archive.contains(entry) else { return }
        let reader = try XMLStreamReader(archive.open(entry))
        while let event = try reader.next() {
            guard case let .start(element) = event, element.local == "Relationship", reader.attribute("TargetMode") != "External",
                  let id = reader.attribute("Id"), let target = reader.attribute("Target"), let type = reader.attribute("Type") else { continue }
            byID[id] = (Self.resolve(target, from: folder), type)
        }
    }

    /// The entry a relationship points to.
    func target(id: String) -> String? {
        byID[id]?.target
    }

    /// The entries of relationships whose type ends with `suffix` (`"/notesSlide"`), by id.
    func targets(ofType suffix: String) -> [String] {
        byID.sorted { $0.key < $1.key }.filter { $0.value.type.hasSuffix(suffix) }.map(\.value.target)
    }

    /// `target` as an entry name: absolute (`/xl/sheet1.xml`) or relative to `folder`, with
    /// `..` and `.` removed and `%20`-style escapes decoded.
    static func resolve(_ target: String, from folder: String) -> String {
        let decoded = PercentDecoding.decode(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "")
        var parts: [Substring] = decoded.hasPrefix("/") ? [] : folder.split(separator: "/")
        for piece in decoded.split(separator: "/") {
            if piece == ".." {
                _ = parts.popLast()
            } else if piece != "." {
                parts.append(piece)
            }
        }
        return parts.joined(separator: "/")
    }
}

/// `%XX` escapes in a URI reference, decoded as UTF-8 (a malformed escape is kept as is).
enum PercentDecoding {
    static func decode(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of a hexadecimal digit, `nil` for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
