internal import FolioCore
internal import FolioStore
internal import FoundationEssentials

/// `folioq --json` with filters and no words (`--name GLOB`): the name pattern, if any,
/// and the documents the filters allow.
struct FileListJSON: Encodable {
    struct File: Encodable {
        var path: String
        var type: String
        var title: String?
        var size: Int64
        /// Modified, seconds since the epoch.
        var modified: Int64
        /// `true` for a file a walk in progress has found and not yet recorded: known by
        /// its name alone for now.
        var listed: Bool?
    }

    var name: String?
    var files: [File]

    static func render(pattern: NamePattern?, files: some Sequence<DocumentRecord>) -> String {
        let list = FileListJSON(name: pattern?.glob, files: files.map {
            File(path: $0.path, type: $0.kind.rawValue, title: $0.title, size: $0.signature.size,
                 modified: $0.signature.modificationTimeNanoseconds / 1_000_000_000, listed: $0.listedOnly ? true : nil)
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(list)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
