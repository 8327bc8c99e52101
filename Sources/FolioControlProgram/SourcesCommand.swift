internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioStore

/// `folioctl sources`: the documents in the index.
struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List indexed documents: status, type, pages, chunks, path.")

    @OptionGroup var common: CommonOptions

    @Flag(name: .long, help: "Only documents that failed, with the reason.")
    var failed = false

    @Argument(help: "Only documents under these folders.")
    var paths: [String] = []

    func run() throws {
        var documents: [DocumentRecord] = []
        do {
            let reader = try IndexReader(path: common.databasePath)
            let scopes: [PathScope] = paths.isEmpty ? [.everything] : paths.map {
                .tree(AbsolutePath.normalise(common.paths.expandingTilde($0), relativeTo: Environment.currentDirectory))
            }
            for scope in scopes {
                documents += try reader.documents(in: scope, status: failed ? .failed : nil)
            }
        } catch {
            throw ExitStatus.fail("folioctl", error)
        }
        var text = ""
        for document in documents {
            text += "\(document.status.rawValue)\t\(document.kind.rawValue)\t\(document.pageCount)\t\(document.chunkCount)\t\(document.path)\n"
            if let error = document.error { text += "\t\(error)\n" }
        }
        Output.standard(text)
        if documents.isEmpty { throw ExitStatus.nothing }
    }
}
