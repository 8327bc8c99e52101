public import FolioCore
internal import FolioSystem
internal import Glibc

/// The files that walks in progress have found, by name: what knows every file by its name
/// in a small part of the time a walk takes to record them all (docs/benchmarks.md, "Names
/// listed before the walk"). The first walk of a folder (one the index holds nothing of)
/// lists the files below it as `updatedb` does, without a `stat` each
/// (`DirectoryCrawler.files(below:)`), into a file beside the index; then it compares each
/// file with the index and records it, and its list goes when it ends. Meanwhile a search by name reads the lists as well as the index (`NameTier`,
/// `folioq --name`) and shows a listed file the index does not hold yet, once it has made
/// sure the file is still there.
///
/// A list is `<index>-names/<pid>-<walk>.names`: for each file its kind's raw value and its
/// path, each ended by a NUL byte. It is written whole under another name and renamed, so
/// that a reader sees all of it or nothing; a list whose process is gone (a crash) is
/// removed by the next engine that opens the index.
public struct PendingNames: Sendable {
    /// A listed file.
    struct File: Sendable, Equatable {
        var path: String
        /// The kind the walk will read it as: what a filter by type asks of it (its hit is
        /// of kind `file` until then).
        var kind: DocumentKind

        /// The last component of the path.
        var name: String { String(AbsolutePath.lastComponent(path)) }
    }

    /// The lists, mapped: a reader pays for them at every search while walks go on, and a
    /// copy of each was most of that (docs/benchmarks.md, "Names listed before the walk").
    private let lists: [MappedFile]

    /// Where a file is in its list: its kind, its path, its name and its end (the NUL after
    /// its path).
    private typealias Record = (kind: Int, path: Int, name: Int, end: Int)

    /// How many files the lists hold.
    public var count: Int {
        var count = 0
        forEachRecord { _, _ in
            count += 1
            return true
        }
        return count
    }

    /// Calls `body` with a list's bytes and each of its files' record, list after list,
    /// while it returns `true`. The records are found as they are read, with `memchr`, each
    /// name from the end of its path, and none is kept.
    private func forEachRecord(_ body: (UnsafeBufferPointer<UInt8>, Record) -> Bool) {
        for list in lists {
            let all = list.bytes
            guard let base = all.baseAddress else { continue }
            var start = 0
            while start < all.count, let kindEnd = memchr(base + start, 0, all.count - start) {
                let path = base.distance(to: kindEnd.assumingMemoryBound(to: UInt8.self)) + 1
                guard path < all.count, let pathEnd = memchr(base + path, 0, all.count - path) else { break }
                let end = base.distance(to: pathEnd.assumingMemoryBound(to: UInt8.self))
                var name = end
                while name > path, all[name - 1] != UInt8(ascii: "/") { name -= 1 }
                guard body(all, (start, path, name, end)) else { return }
                start = end + 1
            }
        }
    }

    /// The folder of the lists of the index at `database`.
    static func folder(beside database: String) -> String { database + "-names" }

    /// The lists beside the index at `database`; `nil` when there are none (no walk is
    /// going on), or the index is not a file.
    public static func load(beside database: String) -> PendingNames? {
        guard database.hasPrefix("/"), let entries = try? Directory.entries(of: folder(beside: database)) else { return nil }
        // A list removed meanwhile is a walk that ended: its files are in the index.
        let lists = entries.compactMap(\.name).filter { $0.hasSuffix(listSuffix) }
            .compactMap { try? MappedFile(folder(beside: database) + "/" + $0) }.filter { $0.bytes.count > 0 }
        return lists.isEmpty ? nil : PendingNames(lists: lists)
    }

    /// The listed files whose name, its ASCII letters in lower case, holds for every one of
    /// `groups` (each a group's terms, each term's texts) all the texts of one of its terms
    /// (lower case too): a LIKE of each, as `NameTier` asks the trigram index of names.
    /// Stops past `limit` files.
    func files(whoseNameHolds groups: [[[[UInt8]]]], limit: Int) -> [File] {
        var found: [File] = []
        forEachRecord { all, record in
            let name = UnsafeBufferPointer(rebasing: all[record.name..<record.end])
            guard groups.allSatisfy({ group in group.contains { texts in texts.allSatisfy { Self.holds(name, $0) } } }) else { return true }
            found.append(file(record, in: all))
            return found.count <= limit
        }
        return found
    }

    /// Every listed file whose name matches `pattern` (as `NamePattern`'s GLOB: over the
    /// name with its ASCII letters in lower case).
    func files(named pattern: NamePattern) -> [File] {
        var found: [File] = []
        // Each name is a C string in place, ended by its path's NUL; `fnmatch` folds the
        // case of both, ASCII letters only in the C locale Folio's programs run in.
        forEachRecord { all, record in
            let name = UnsafeRawPointer(all.baseAddress! + record.name).assumingMemoryBound(to: CChar.self)
            if fnmatch(pattern.glob, name, Self.foldingCase) == 0 { found.append(file(record, in: all)) }
            return true
        }
        return found
    }

    /// glibc's `FNM_CASEFOLD`, which Swift does not import (a GNU extension).
    static let foldingCase: Int32 = 1 << 4

    private func file(_ record: Record, in all: UnsafeBufferPointer<UInt8>) -> File {
        let kind = String(decoding: UnsafeBufferPointer(rebasing: all[record.kind..<record.path - 1]), as: UTF8.self)
        return File(path: String(decoding: UnsafeBufferPointer(rebasing: all[record.path..<record.end]), as: UTF8.self),
                    kind: DocumentKind(rawValue: kind) ?? .file)
    }

    /// Whether `name`, its ASCII letters in lower case, holds `text`.
    private static func holds(_ name: UnsafeBufferPointer<UInt8>, _ text: [UInt8]) -> Bool {
        guard let first = text.first else { return true }
        guard name.count >= text.count else { return false }
        var start = 0
        while start <= name.count - text.count {
            if folded(name[start]) == first, text.indices.dropFirst().allSatisfy({ folded(name[start + $0]) == text[$0] }) { return true }
            start += 1
        }
        return false
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    static func foldedASCII(_ bytes: [UInt8]) -> [UInt8] { bytes.map(folded) }

    private static let listSuffix = ".names"

    // MARK: The walk's side

    /// Writes the list of walk `walk` of this process: `files`, each with its kind.
    public static func write(_ files: [(path: String, kind: DocumentKind)], walk: Int, beside database: String) throws(StoreError) {
        guard database.hasPrefix("/") else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.reduce(0) { $0 + $1.path.utf8.count + 8 })
        for file in files {
            bytes += file.kind.rawValue.utf8
            bytes.append(0)
            bytes += file.path.utf8
            bytes.append(0)
        }
        let list = listPath(walk: walk, beside: database)
        let partial = list + ".partial"
        do throws(SystemError) {
            try Directory.makePrivate(folder(beside: database))
            try PrivateFile.write(bytes, to: partial)
            _ = try systemCall("rename", path: list) { rename(partial, list) }
        } catch {
            unlink(partial)
            throw .database(path: list, operation: "list the names a walk found", reason: error.reason)
        }
    }

    /// Removes the list of walk `walk` of this process: the walk ended, or was cancelled;
    /// and the folder of the lists with the last.
    public static func remove(walk: Int, beside database: String) {
        guard database.hasPrefix("/") else { return }
        unlink(listPath(walk: walk, beside: database))
        rmdir(folder(beside: database))
    }

    /// Removes the lists of processes that are gone: walks a crash or a kill ended.
    public static func removeAbandoned(beside database: String) {
        guard database.hasPrefix("/"), let entries = try? Directory.entries(of: folder(beside: database)) else { return }
        for name in entries.compactMap(\.name) {
            guard let pid = name.split(separator: "-").first.flatMap({ Int32($0) }) else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(folder(beside: database) + "/" + name) }
        }
        rmdir(folder(beside: database))
    }

    private static func listPath(walk: Int, beside database: String) -> String {
        folder(beside: database) + "/\(getpid())-\(walk)" + listSuffix
    }
}
