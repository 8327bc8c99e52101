import Foundation
import Glibc

/// A stand-in program a test writes (a shell script) and then runs, or has Folio run.
///
/// Written through a descriptor closed on exec: the tests run in parallel, and a process
/// another test started while this file was open for writing would otherwise keep it open
/// as long as it runs, and the kernel refuses to run a file open for writing (`ETXTBSY`:
/// `timeout` then exits 126, a failure that has nothing to do with what is tested).
public enum StandInProgram {
    public static func write(_ script: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(script.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        guard fchmod(descriptor, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
