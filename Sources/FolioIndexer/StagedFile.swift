internal import FolioCore
package import FolioSystem
internal import Glibc

/// Bytes that are not a file of their own (a message's attachment, a library user's text or
/// data) in one, for the loaders, which read files (poppler, libzip and GMime open paths):
/// in a folder only this user can enter, made for it in `$TMPDIR` (else `/tmp`), under the
/// name given (its extension chooses the loader, its stem is the title of last resort).
/// Removed with the folder by `remove`.
package struct StagedFile {
    package let path: String
    private let folder: String

    /// `name` holds no `/` (`DocumentKey.part`); the folder's name starts with `folder`
    /// (`folio-attachment`), which says in a listing of `/tmp` what left it.
    package init(name: String, content: [UInt8], folder prefix: String) throws(SystemError) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/" + prefix + ".XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw SystemError(operation: "mkdtemp", path: base, code: errno) }
        folder = String(cMessage: template)
        path = folder + "/" + Self.shortened(name)
        let descriptor: Int32
        do {
            descriptor = try systemCall("create", path: path) { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        } catch {
            rmdir(folder)
            throw error
        }
        defer { close(descriptor) }
        do {
            try FileDescriptor.writeAll(content, to: descriptor)
        } catch {
            remove()
            throw error
        }
    }

    package func remove() {
        unlink(path)
        rmdir(folder)
    }

    /// A name within the 255 bytes a file name may have, its extension kept.
    private static func shortened(_ name: String) -> String {
        guard name.utf8.count > 200 else { return name }
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { String(name[$0...]) } ?? ""
        var stem = String(name[..<(dot ?? name.endIndex)])
        while stem.utf8.count + ext.utf8.count > 200 { stem.removeLast() }
        return stem + ext
    }
}
