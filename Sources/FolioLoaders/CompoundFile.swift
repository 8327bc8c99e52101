/// What an OLE2 compound file (the container of Office 97–2003 files, and of encrypted
/// Office Open XML) holds, from its directory's stream names.
///
/// A password-protected `.docx`, `.xlsx` or `.pptx` is not a zip: Office wraps the
/// encrypted package in a compound file with an `EncryptedPackage` stream (MS-OFFCRYPTO
/// §2.3.4.4). Only the names are looked for (stored as UTF-16LE in the directory), which is
/// enough to tell the cases apart and say so.
enum CompoundFile: Equatable, CustomStringConvertible {
    case encryptedPackage
    case legacyWord
    case legacyExcel
    case legacyPowerPoint
    case other

    private static let magic: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]

    /// What `bytes` hold, or `nil` when they are not a compound file.
    static func describe(_ bytes: [UInt8]) -> CompoundFile? {
        guard bytes.starts(with: magic) else { return nil }
        let streams: [(String, CompoundFile)] = [
            ("EncryptedPackage", .encryptedPackage), ("WordDocument", .legacyWord), ("Workbook", .legacyExcel),
            ("PowerPoint Document", .legacyPowerPoint),
        ]
        for (name, kind) in streams where contains(bytes, utf16: name) { return kind }
        return .other
    }

    var description: String {
        switch self {
        case .encryptedPackage, .legacyWord, .legacyExcel, .legacyPowerPoint: name
        case .other: "\(name), not an Office Open XML document"
        }
    }

    /// What the file is, for messages.
    var name: String {
        switch self {
        case .encryptedPackage: "an encrypted Office document"
        case .legacyWord: "an Office 97–2003 Word file (.doc)"
        case .legacyExcel: "an Office 97–2003 Excel file (.xls)"
        case .legacyPowerPoint: "an Office 97–2003 PowerPoint file (.ppt)"
        case .other: "an OLE2 compound file"
        }
    }

    private static func contains(_ bytes: [UInt8], utf16 name: String) -> Bool {
        let needle = name.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        guard bytes.count >= needle.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index ..< index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
