internal import FolioSystem
internal import FolioCLI
internal import FolioControlProgram
internal import FolioDaemonProgram
internal import FolioQueryProgram
internal import FolioRofiProgram
internal import FolioSearchProviderProgram
internal import FolioUIProgram
internal import Glibc

// `folio`: the programs that read no document in one binary, run as the name it was
// started under (`make install` links foliod, folioq, folioctl, folio-rofi and
// folio-search-provider to it), and `folio chat` and `folio ui` (the window's server). One
// copy of the Swift runtime instead of six keeps what `make install` writes small
// (docs/benchmarks.md, "One house"); `foliod-worker`, which links the readers, stays a
// program of its own, and so does `folio-mcp`, whose SDK links Foundation whole.

/// Replaces this process with the program `name` installed beside it (by `installer`),
/// given the arguments after the subcommand.
func runInstead(_ name: String, installer: String) -> Never {
    guard let program = WorkerProgram.installed(name) else {
        Output.error("folio: \(name) is not installed beside folio (\(installer) puts it there)\n")
        exit(2)
    }
    let arguments = [program] + CommandLine.arguments.dropFirst(2)
    var argv = arguments.map { strdup($0) } + [nil]
    execv(program, &argv)
    Output.error("folio: cannot run \(program): \(String(cString: strerror(errno)))\n")
    exit(2)
}

let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
switch name {
case "folio" where CommandLine.arguments.dropFirst().first == "mcp":
    // `folio mcp` is `folio-mcp` beside this binary: the MCP SDK links Foundation whole,
    // which this binary, run for every query, is spared.
    runInstead("folio-mcp", installer: "make install-mcp")
case "folio" where CommandLine.arguments.dropFirst().first == "ui":
    CommandLauncher.main(UICommand.self, skipping: 2)
case "folio" where CommandLine.arguments.dropFirst().first == "chat":
    CommandLauncher.main(FolioChat.self, skipping: 2)
case "folioq": CommandLauncher.main(FolioQuery.self, quickly: FolioQuery.parsedQuickly)
case "folioctl": CommandLauncher.main(FolioControl.self, limitsOpenMP: true)
case "foliod": CommandLauncher.main(FolioDaemonCommand.self, limitsOpenMP: true)
case "folio-rofi": CommandLauncher.main(RofiCommand.self)
case "folio-search-provider": CommandLauncher.main(SearchProviderCommand.self)
default:
    Output.error("folio: run as foliod, folioq, folioctl, folio-rofi or folio-search-provider (make install links these names to it), "
        + "or as `folio chat`, `folio mcp` or `folio ui`\n")
    exit(2)
}
