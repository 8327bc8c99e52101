import FolioIndexer
import FolioStore
import FolioSystem
import FolioWatch

extension DocumentIndexer {
    /// Indexes every file below `folder`, in this process, one after another: the pipeline
    /// alone (loader, filter, chunker, store), without the engine's workers.
    func indexEveryFile(below folder: String) throws -> [Outcome] {
        var files: [(String, FileStatus)] = []
        DirectoryCrawler(includeHidden: false).crawl(folder) { item in
            if case let .file(path, status) = item { files.append((path, status)) }
        }
        return try files.map { try index($0.0, status: $0.1, now: 0) }
    }
}
