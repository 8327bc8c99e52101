internal import FolioSystem
internal import Glibc

/// foliod's note beside the index (`PATH.foliod`) that it has the index open: written when
/// it starts, removed when it stops cleanly (SIGTERM, or to start again after damage). One
/// found at a start tells that the last run ended without a clean stop (killed, crashed,
/// the power lost), after which foliod checks the index (`IndexCheck`).
enum RunNote {
    /// Writes the note for this run; `true` when the last run left its own.
    static func begin(databasePath: String) -> Bool {
        let path = file(databasePath)
        let left = access(path, F_OK) == 0
        // Best effort: without the note, the next start after a crash skips the check.
        try? PrivateFile.write(Array("\(getpid())\n".utf8), to: path)
        return left
    }

    /// Removes the note: this run stops cleanly.
    static func end(databasePath: String) {
        unlink(file(databasePath))
    }

    static func file(_ databasePath: String) -> String { databasePath + ".foliod" }
}
