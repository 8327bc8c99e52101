internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioStore

extension FolioQuery {
    /// `folioq --name GLOB` with no words: the indexed files so named, within `--path` and
    /// of the `--type`s given, the most recently modified first, as `locate -i -b` lists
    /// them (but only files under the watched folders, and as fresh as the index).
    func listFiles(named pattern: NamePattern, output: Format) throws {
        let search = QuerySearch(common: common, mode: mode, kinds: type, path: path, pages: nil)
        let scope = path.map { PathScope.tree(AbsolutePath.normalise(common.paths.expandingTilde($0), relativeTo: Environment.currentDirectory)) }
        let kinds = Set(type)
        // Kinds are few and a name pattern is selective: the kinds are filtered here, the
        // whole list read when there are some.
        let files = try search.reading { reader throws(StoreError) in
            try reader.files(named: pattern, in: scope ?? .everything, limit: kinds.isEmpty ? limit : Int.max)
        }.filter { kinds.isEmpty || kinds.contains($0.kind) }.prefix(limit)
        switch output {
        case .paths: Output.standard(files.map { $0.path + "\n" }.joined())
        case .json: Output.standard(FileListJSON.render(pattern: pattern, files: files))
        case .human: Output.standard(files.map { AbsolutePath.abbreviated($0.path, home: common.paths.home) + "\n" }.joined())
        }
        if files.isEmpty { throw ExitStatus.nothing }
    }
}
