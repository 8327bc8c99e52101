/// A document's extension as a number of two bytes, for the blocks of the extension filter
/// (`Migrations/v0018_extension_blocks.sql`): 0 for a path that no extension a filter can
/// name ends with, else 1 + the FNV-1a hash of the extension in lower case, modulo 65534,
/// so that a block's entries (a code less the block's least, plus one) fit in two bytes.
///
/// The filter matches a path that ends in a dot and the extension, ASCII letters and
/// digits in any case (`SearchFilters.conditions`, LIKE): such a path's end after its last
/// dot is the extension, so its code is the extension's. A code rules a document out only
/// when no extension asked for has it; two extensions that share one are told apart by the
/// path itself.
enum ExtensionCode {
    /// The longest extension a filter names (`FilterValues.fileExtension`).
    static let longest = 16

    /// The code of what follows a path's last dot, given as the path's bytes.
    static func of(path: UnsafeRawBufferPointer) -> Int64 {
        guard let dot = path.lastIndex(of: UInt8(ascii: ".")) else { return 0 }
        let end = UnsafeRawBufferPointer(rebasing: path[(dot + 1)...])
        guard (1...longest).contains(end.count), end.allSatisfy(isLetterOrDigit) else { return 0 }
        return hashed(end)
    }

    /// The code of an extension as a filter holds it (letters and digits, without its dot).
    static func of(extension name: String) -> Int64 {
        Array(name.utf8).withUnsafeBytes(hashed)
    }

    private static func hashed(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            hash = (hash ^ UInt32(lower)) &* 16_777_619
        }
        return 1 + Int64(hash % 65_534)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
