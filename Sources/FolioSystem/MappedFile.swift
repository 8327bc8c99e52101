internal import Glibc

/// A regular file mapped read-only: read in place, without the zeroed array and the copy a
/// `FileReader.readAll` makes. For files written aside and renamed into place, never
/// truncated while mapped (a truncated mapping's pages fault); a file removed meanwhile
/// stays readable through the mapping.
public final class MappedFile: @unchecked Sendable {
    /// The file's bytes as they were when mapped; empty for an empty file. Unchanged for the
    /// mapping's life, and unmapped with it: what makes sharing it safe.
    public let bytes: UnsafeBufferPointer<UInt8>

    public init(_ path: String) throws(FileReader.Failure) {
        let (descriptor, size) = try FileReader.openRegularFile(path)
        defer { close(descriptor) }
        guard size > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let base = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw .system(SystemError(operation: "mmap", path: path, code: errno))
        }
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: Int(size))
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
