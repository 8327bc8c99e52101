internal import CXXHash
internal import FolioSystem
internal import Glibc

/// The XXH3-128 hash of a file's bytes, as 32 hex digits: what tells "touched but the same"
/// from "changed" once the signature differs. Not cryptographic; it needs only to make an
/// accidental collision between two versions of one file practically impossible, and to
/// cost little next to extraction (it runs at memory speed).
///
/// Related documentation: <https://github.com/Cyan4973/xxHash/blob/dev/xxhash.h>
enum ContentHash {
    static func of(_ path: String) throws(FileReader.Failure) -> String {
        let state = newState()
        defer { XXH3_freeState(state) }
        try FileReader.forEachBlock(of: path) { block in
            _ = XXH3_128bits_update(state, block.baseAddress, block.count)
        }
        return hex(XXH3_128bits_digest(state))
    }

    /// The hash of the bytes `content`.
    static func of(bytes content: [UInt8]) -> String {
        hex(content.withUnsafeBytes { XXH3_128bits($0.baseAddress, $0.count) })
    }

    /// The hash of a file's first bytes, moved on as the file is read: what tells a
    /// mailbox that only grew (its first bytes hash as they did) from one rewritten.
    final class Prefix {
        private let state = ContentHash.newState()
        private let descriptor: Int32
        /// How many of the file's bytes are hashed.
        private(set) var length: Int64 = 0

        init(_ path: String) throws(SystemError) {
            descriptor = try systemCall("open", path: path) { open(path, O_RDONLY | O_CLOEXEC) }
        }

        deinit {
            close(descriptor)
            XXH3_freeState(state)
        }

        /// Hashes on to byte `offset`; false when the file ends before it.
        func advance(to offset: Int64) -> Bool {
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            while length < offset {
                let wanted = Int(min(Int64(buffer.count), offset - length))
                let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(length)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                buffer.withUnsafeBytes { _ = XXH3_128bits_update(state, $0.baseAddress, count) }
                length += Int64(count)
            }
            return true
        }

        /// The hash of the bytes hashed so far.
        var digest: String { ContentHash.hex(XXH3_128bits_digest(state)) }
    }

    private static func newState() -> OpaquePointer {
        guard let state = XXH3_createState() else { fatalError("XXH3_createState: out of memory") }
        XXH3_128bits_reset(state)
        return state
    }

    private static func hex(_ digest: XXH128_hash_t) -> String {
        hex(digest.high64) + hex(digest.low64)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
