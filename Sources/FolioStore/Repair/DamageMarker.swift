internal import FolioSystem
internal import Glibc

/// A note beside the index (`folio.sqlite.damage`) that some Folio process found it
/// damaged: SQLite answered that its pages do not hold together, or that it is no
/// database. Any process can meet the damage (foliod, a worker, the embedder, a search);
/// foliod, which rebuilds the index (as `folioctl index` does when no foliod runs), looks
/// for the note at its start and when the index's folder changes, and rebuilds
/// (`IndexRepair`), which removes the note when it is done.
public enum DamageMarker {
    /// What showed the damage, and once a rebuild has begun, where it moved the damaged
    /// file: a rebuild cut short (killed, a full disk) salvages from that copy next time.
    public struct Note: Equatable, Sendable {
        public var reason: String
        public var keptCopy: String?
    }

    /// Records that the index at `path` is damaged, and what showed it, unless a note is
    /// there already. An index in memory has nowhere to note it and needs no rebuild.
    public static func record(path: String, reason: String) {
        guard path.hasPrefix("/"), found(path: path) == nil else { return }
        try? write(Note(reason: String(reason.prefix(1000)), keptCopy: nil), path: path)
    }

    /// The note on the index at `path`, if it is noted as damaged.
    public static func found(path: String) -> Note? {
        guard let bytes = try? FileReader.readAll(file(path), limit: 8192) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.dropFirst().first { $0.hasPrefix(keptPrefix) }.map { String($0.dropFirst(keptPrefix.count)) }
        return Note(reason: lines.first.map(String.init) ?? "", keptCopy: kept)
    }

    /// Writes the note. A process that meets damage notes it on a best-effort basis (a
    /// folder that cannot be written to leaves foliod its own look at the index when it
    /// opens it); a rebuild must know it was noted before it moves anything.
    static func write(_ note: Note, path: String) throws(SystemError) {
        let text = String(note.reason.map { $0 == "\n" ? " " : $0 }) + "\n" + (note.keptCopy.map { keptPrefix + $0 + "\n" } ?? "")
        try PrivateFile.write(Array(text.utf8), to: file(path))
    }

    /// Removes the note, once the index is rebuilt.
    static func clear(path: String) {
        unlink(file(path))
    }

    static func file(_ path: String) -> String { path + ".damage" }

    private static let keptPrefix = "kept copy: "
}
