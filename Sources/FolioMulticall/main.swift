internal import FolioCLI
internal import FolioControlProgram
internal import FolioDaemonProgram
internal import FolioQueryProgram
internal import FolioRofiProgram
internal import FolioSearchProviderProgram
internal import Glibc

// `folio`: the programs that read no document in one binary, run as the name it was
// started under (`make install` links foliod, folioq, folioctl, folio-rofi and
// folio-search-provider to it). One copy of the Swift runtime instead of five keeps what
// `make install` writes under 80 MiB (docs/benchmarks.md); `foliod-worker`, which links the
// readers, stays a program of its own.
let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
switch name {
case "folioq": CommandLauncher.main(FolioQuery.self, quickly: FolioQuery.parsedQuickly)
case "folioctl": CommandLauncher.main(FolioControl.self, limitsOpenMP: true)
case "foliod": CommandLauncher.main(FolioDaemonCommand.self, limitsOpenMP: true)
case "folio-rofi": CommandLauncher.main(RofiCommand.self)
case "folio-search-provider": CommandLauncher.main(SearchProviderCommand.self)
default:
    Output.error("folio: run as foliod, folioq, folioctl, folio-rofi or folio-search-provider (make install links these names to it)\n")
    exit(2)
}
