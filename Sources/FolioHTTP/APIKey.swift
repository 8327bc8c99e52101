internal import FolioCore
internal import FolioSystem
internal import Glibc

/// A provider's API key: from a file readable by its owner only, else from an environment
/// variable. Never from the command line (which `ps` shows every user), never logged.
public enum APIKey {
    /// The key in `file` when one is named (a missing, unreadable or shared file is an
    /// error: the user meant it), else the value of `variable`; `nil` when there is none.
    public static func read(file: String, variable: String, environment: [String: String]) throws(HTTPError) -> String? {
        guard !file.isEmpty else { return environment[variable].flatMap { $0.isEmpty ? nil : $0 } }
        var status = stat()
        guard stat(file, &status) == 0 else { throw .keyFile(path: file, reason: "cannot be read: \(String(cString: strerror(errno)))") }
        guard status.st_mode & 0o077 == 0 else { throw .keyFile(path: file, reason: "can be read by others; chmod 600 it") }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(file, limit: 65_536)
        } catch .system(let error) {
            throw .keyFile(path: file, reason: "cannot be read: \(error)")
        } catch .notRegularFile {
            throw .keyFile(path: file, reason: "is not a regular file")
        } catch {
            throw .keyFile(path: file, reason: "is too large to hold a key")
        }
        let key = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        return key.isEmpty ? nil : key
    }

    /// `text` with every occurrence of `key` replaced: what a server's error message is
    /// passed through before it is shown, since some quote the key they refused.
    public static func redacting(_ key: String?, in text: String) -> String {
        guard let key, key.count >= 4 else { return text }
        return text.replacing(key, with: "[key]")
    }
}
