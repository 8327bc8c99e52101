internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioStore

/// `folioctl forget PATH…`: remove documents from the index.
struct ForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Remove a file, or a folder and everything under it, from the index (a drive not connected too).")

    @OptionGroup var common: CommonOptions

    @Flag(name: .long, help: "Afterwards, rewrite the database so the space is given back (VACUUM).")
    var vacuum = false

    @Argument(help: "Files or folders to forget.")
    var paths: [String]

    func run() throws {
        var removed = 0
        do {
            let store = try IndexStore(path: common.databasePath, create: false)
            for path in paths {
                let absolute = AbsolutePath.normalise(common.paths.expandingTilde(path), relativeTo: Environment.currentDirectory)
                removed += try store.purge(.file(absolute)) + store.purge(.tree(absolute))
                // A drive not connected is forgotten with its documents: not kept as offline.
                try store.forgetVolumes(in: .tree(absolute))
            }
            try store.removeUnusedOCR()
            try store.removeUnusedVectors()
            if vacuum { try store.vacuum() }
        } catch {
            throw ExitStatus.fail("folioctl", error)
        }
        Output.standard("forgot \(removed) document\(removed == 1 ? "" : "s")\n")
        if removed == 0 { throw ExitStatus.nothing }
    }
}
