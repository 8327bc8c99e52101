internal import FolioCore
internal import FolioProtocol
internal import FolioStore
internal import FolioSystem
internal import Glibc

/// Makes the daemon's own changes (`IndexChange`) to the index, and says why the database
/// refused one.
struct IndexWriter {
    let store: IndexStore

    /// Makes `change`; returns how many documents it removed, or the database's refusal.
    /// `kinds` says which files Folio reads (the daemon's, from its configuration).
    func make(_ change: IndexChange, kinds: FileKinds) -> Result<Int, StoreRefusal> {
        do throws(StoreError) {
            switch change {
            case let .purge(path, tree):
                return .success(try store.purge(.file(path)) + (tree ? store.purge(.tree(path)) : 0))
            case let .moveFile(old, new):
                // Renamed to a name of another kind (`notes.txt` to `notes.bak`, read as text
                // and now known by name), or a file known by its name (the name is its
                // text): the document goes, and the new name is read as a new file.
                let kind = kinds.kind(of: new)
                if kind != .file, kind == kinds.kind(of: old), try store.rename(file: old, to: new) { return .success(0) }
                return .success(try store.purge(.file(old)))
            case let .moveTree(old, new):
                try store.rename(tree: old, to: new)
                return .success(0)
            case let .purgeUnseen(root, seen, keeping):
                var purged = 0
                // A document inside a file (`DocumentKey`) goes with its file.
                for path in try store.paths(in: .tree(root))
                where !DocumentKey.isInner(path) && !seen.contains(path) && !keeping.contains(where: { AbsolutePath.isInside(path, $0) }) {
                    purged += try store.purge(.file(path))
                }
                return .success(purged)
            case let .recordNames(files):
                try store.recordNames(files, at: Int64(time(nil)))
                return .success(0)
            case let .recordVolume(volume):
                try store.record(volume)
                return .success(0)
            case let .forgetVolume(point, purging):
                try store.forgetVolumes(in: .tree(point))
                return .success(purging ? try store.purge(.file(point)) + store.purge(.tree(point)) : 0)
            case let .recordFailure(path, signature, reason):
                // A file known only by its name has no reading to fail (and a folder's path,
                // which a walk may report, is of that kind).
                let kind = kinds.kind(of: path)
                guard kind != .file else { return .success(0) }
                guard let signature = signature ?? Self.signature(of: path) else { return .success(0) }
                try store.recordFailure(path, kind: kind, signature: signature, reason: reason, at: Int64(time(nil)))
                return .success(0)
            }
        } catch {
            return .failure(error.refusal)
        }
    }

    /// The file's signature now, or `nil` when it is gone.
    private static func signature(of path: String) -> FileSignature? {
        guard let status = try? FileStatus.of(path) else { return nil }
        return FileSignature(size: status.size, modificationTimeNanoseconds: status.modificationTimeNanoseconds, inode: status.inode)
    }
}
