internal import FolioCore
internal import FolioSQLite
internal import FolioSystem
internal import Glibc

extension NameTier {
    /// The files walks in progress have listed (`PendingNames`) that the index does not
    /// hold yet, within the request's filters, whose name holds every required group: found
    /// as the index's names are (the same texts looked up, each word checked, the same
    /// bounds), those made of the query's words alone first. Each is checked to be there
    /// still: a list is as old as its walk.
    static func listed(_ db: SQLiteConnection, _ pending: PendingNames, request: SearchRequest) throws -> [PendingNames.File] {
        let texts = lookedUp(request)
        guard !request.allChunks, !texts.isEmpty else { return [] }
        let found = pending.files(whoseNameHolds: texts.map { $0.map { $0.map { PendingNames.foldedASCII(Array($0.utf8)) } } },
                                  limit: candidates)
        guard let named = named(found, request: request, name: \.name) else { return [] }
        var filters = request.filters
        filters.pages = nil
        let asked = askedWords(request)
        var kept: [(file: PendingNames.File, exact: Bool)] = []
        for file in named where try !isIndexed(file.path, db) && file.status(allowedBy: filters) != nil {
            kept.append((file, isMadeOf(asked, name: file.name)))
        }
        return kept.sorted { ($0.exact ? 0 : 1, $0.file.path) < ($1.exact ? 0 : 1, $1.file.path) }.map(\.file)
    }

    /// Whether the index holds a document at `path`: a listed file the walk has recorded.
    static func isIndexed(_ path: String, _ db: SQLiteConnection) throws -> Bool {
        try db.row("SELECT 1 FROM document WHERE path = ?", [path], cached: true) != nil
    }
}

extension PendingNames.File {
    /// The file's status when `filters` allow it and it is still a regular file: what the
    /// filters' SQL (`SearchFilters.conditions`) asks of a document, asked of a file the
    /// index has no row for. It has no fields, so a filter by person leaves it out, and no
    /// pages.
    func status(allowedBy filters: SearchFilters) -> FileStatus? {
        guard filters.pages == nil, filters.people.isEmpty else { return nil }
        switch filters.scope {
        case .everything: break
        case let .tree(folder): guard AbsolutePath.isInside(path, folder) else { return nil }
        case let .file(file), let .document(file): guard path == file else { return nil }
        case .inside: return nil
        }
        if !filters.kinds.isEmpty, !filters.kinds.contains(kind) { return nil }
        if let pattern = filters.name, fnmatch(pattern.glob, name, PendingNames.foldingCase) != 0 { return nil }
        for folder in filters.folderNames where !path.contains("/" + folder + "/") { return nil }
        if !filters.extensions.isEmpty {
            let folded = PendingNames.foldedASCII(Array(path.utf8))
            guard filters.extensions.contains(where: { folded.ends(with: Array(("." + $0).utf8)) }) else { return nil }
        }
        guard let status = try? FileStatus.of(path), status.kind == .regular else { return nil }
        let written = status.modificationTimeNanoseconds / 1_000_000_000
        if let from = filters.time?.from, written < from { return nil }
        if let until = filters.time?.until, written >= until { return nil }
        if let least = filters.size?.least, status.size < least { return nil }
        if let most = filters.size?.most, status.size > most { return nil }
        return status
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
