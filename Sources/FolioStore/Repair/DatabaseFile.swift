internal import Glibc
internal import FolioSystem

/// Makes the database's directory (0700) and file (0600) private, whatever the umask:
/// the index holds the text of everything in the user's documents.
enum DatabaseFile {
    static func prepare(_ path: String) throws(StoreError) {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        do {
            if !directory.isEmpty { try Directory.makePrivate(directory) }
            let descriptor = try systemCall("open", path: path) { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
            defer { close(descriptor) }
            _ = try systemCall("fchmod", path: path) { fchmod(descriptor, 0o600) }
        } catch {
            throw .cannotPrepare(path: path, reason: error.description)
        }
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
