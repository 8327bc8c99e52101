internal import Glibc

/// A failed system call: which call, on which path, and the `errno` it gave.
public struct SystemError: Error, Equatable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var code: Int32

    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The C library's text for `code` ("Permission denied").
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "\(operation) \(path): \(reason)" }

    public var isNotFound: Bool { code == ENOENT || code == ENOTDIR }
    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }
    /// No space left on the filesystem, or the user's quota is used up.
    public var isNoSpace: Bool { code == ENOSPC || code == EDQUOT }
}

/// Runs a system call, retrying while it is interrupted by a signal, and turns a failure
/// (a return of -1) into a `SystemError` carrying `errno`. Every call Folio makes to the C
/// library's file functions goes through here, so no caller forgets `EINTR`.
public func systemCall<Result: BinaryInteger>(_ operation: String, path: String, _ body: () -> Result) throws(SystemError) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = errno
        if code != EINTR { throw SystemError(operation: operation, path: path, code: code) }
    }
}
