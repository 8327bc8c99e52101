internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioStore

extension FolioQuery {
    /// `folioq` with filters and no words (`--name GLOB`, `type:spreadsheet date:2023-03`):
    /// the indexed documents they allow, within `--path`, the most recently modified (a
    /// message: sent) first. By name alone, as `locate -i -b` lists files (but only files
    /// under the watched folders, and as fresh as the index).
    func listFiles(matching filters: SearchFilters, output: Format) throws {
        var filters = filters
        if let path {
            filters.scope = .tree(AbsolutePath.normalise(common.paths.expandingTilde(path), relativeTo: Environment.currentDirectory))
        }
        let search = QuerySearch(common: common, mode: mode, filters: filters, path: path, pages: nil)
        let files = try search.reading { reader throws(StoreError) in try reader.files(matching: filters, limit: limit) }
        switch output {
        case .paths: Output.standard(files.map { $0.path + "\n" }.joined())
        case .json: Output.standard(FileListJSON.render(pattern: filters.name, files: files))
        case .human: Output.standard(files.map { AbsolutePath.abbreviated($0.path, home: common.paths.home) + "\n" }.joined())
        }
        if files.isEmpty { throw ExitStatus.nothing }
    }
}
