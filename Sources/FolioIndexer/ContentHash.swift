internal import CXXHash
internal import FolioSystem

/// The XXH3-128 hash of a file's bytes, as 32 hex digits: what tells "touched but the same"
/// from "changed" once the signature differs. Not cryptographic; it needs only to make an
/// accidental collision between two versions of one file practically impossible, and to
/// cost little next to extraction (it runs at memory speed).
///
/// Related documentation: <https://github.com/Cyan4973/xxHash/blob/dev/xxhash.h>
enum ContentHash {
    static func of(_ path: String) throws(FileReader.Failure) -> String {
        guard let state = XXH3_createState() else { fatalError("XXH3_createState: out of memory") }
        defer { XXH3_freeState(state) }
        XXH3_128bits_reset(state)
        try FileReader.forEachBlock(of: path) { block in
            _ = XXH3_128bits_update(state, block.baseAddress, block.count)
        }
        let digest = XXH3_128bits_digest(state)
        return hex(digest.high64) + hex(digest.low64)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
