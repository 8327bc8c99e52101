internal import Glibc
internal import FolioSystem

/// Makes the database's directory (0700) and file (0600) private, whatever the umask:
/// the index holds the text of everything in the user's documents.
enum DatabaseFile {
    static func prepare(_ path: String) throws(StoreError) {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !directory.isEmpty { try makeDirectory(directory) }
        do {
            let descriptor = try systemCall("open", path: path) { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
            defer { close(descriptor) }
            _ = try systemCall("fchmod", path: path) { fchmod(descriptor, 0o600) }
        } catch {
            throw .cannotPrepare(path: path, reason: error.description)
        }
    }

    /// Creates `directory` and its missing parents; the last one gets mode 0700.
    private static func makeDirectory(_ directory: String) throws(StoreError) {
        var partial = ""
        for component in directory.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0, errno != EEXIST {
                throw .cannotPrepare(path: partial, reason: SystemError(operation: "mkdir", path: partial, code: errno).description)
            }
        }
        if chmod(directory, 0o700) != 0 {
            throw .cannotPrepare(path: directory, reason: SystemError(operation: "chmod", path: directory, code: errno).description)
        }
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
