internal import Glibc

/// Reads files without ever blocking on something that is not a regular file.
public enum FileReader {
    /// Why a file was not read: a system call failed, it is not a regular file, or it is
    /// larger than the caller allows.
    public enum Failure: Error, Equatable {
        case system(SystemError)
        case notRegularFile
        case tooLarge(size: Int64)
    }

    /// The whole content of a regular file of at most `limit` bytes.
    ///
    /// The file is opened non-blocking and checked with `fstat` before any read, so a FIFO
    /// or device that took the place of a file never blocks the reader.
    public static func readAll(_ path: String, limit: Int64) throws(Failure) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        guard size <= limit else { throw .tooLarge(size: size) }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var filled = 0
        while filled < bytes.count {
            let count = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(Failure) in try readSome(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), path: path) }
            }.get()
            if count == 0 {
                bytes.removeSubrange(filled...)
                return bytes
            }
            filled += count
        }
        // The file may have grown since fstat: read on, within the limit, through a small
        // buffer, so that the usual file, which has not, is not copied into a larger array.
        while Int64(bytes.count) < limit {
            let wanted = Int(min(64 * 1024, limit - Int64(bytes.count)))
            let count = try withUnsafeTemporaryAllocation(byteCount: wanted, alignment: 1) { buffer in
                Result { () throws(Failure) in
                    let count = try readSome(descriptor, into: buffer, path: path)
                    bytes.append(contentsOf: buffer.prefix(count))
                    return count
                }
            }.get()
            if count == 0 { break }
        }
        return bytes
    }

    /// One `read` into `buffer`: how many bytes it gave, 0 at the end of the file.
    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(Failure) -> Int {
        do {
            return try systemCall("read", path: path) { read(descriptor, buffer.baseAddress!, buffer.count) }
        } catch {
            throw .system(error)
        }
    }

    /// Streams a regular file in blocks, for hashing files too large to hold at once.
    public static func forEachBlock(of path: String, blockSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) -> Void) throws(Failure) {
        let (descriptor, _) = try openRegularFile(path)
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do {
                count = try systemCall("read", path: path) { read(descriptor, buffer.baseAddress!, blockSize) }
            } catch {
                throw .system(error)
            }
            if count == 0 { return }
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The last `count` bytes of a regular file (all of it when shorter).
    public static func tail(of path: String, count: Int) throws(Failure) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        let start = max(0, size - Int64(count))
        var bytes = [UInt8](repeating: 0, count: Int(size - start))
        var filled = 0
        while filled < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in
                    try systemCall("pread", path: path) { pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(start) + off_t(filled)) }
                }
            }
            let read: Int
            do {
                read = try result.get()
            } catch {
                throw .system(error)
            }
            if read == 0 { break }
            filled += read
        }
        return Array(bytes[0..<filled])
    }

    /// Opens `path` non-blocking and checks with `fstat` that it is a regular file;
    /// returns the descriptor (the caller closes it) and the size.
    static func openRegularFile(_ path: String) throws(Failure) -> (descriptor: Int32, size: Int64) {
        let descriptor: Int32
        do {
            descriptor = try systemCall("open", path: path) { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        } catch {
            throw .system(error)
        }
        var info = stat()
        do {
            _ = try systemCall("fstat", path: path) { fstat(descriptor, &info) }
        } catch {
            close(descriptor)
            throw .system(error)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegularFile
        }
        return (descriptor, Int64(info.st_size))
    }
}
