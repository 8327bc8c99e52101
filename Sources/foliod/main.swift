internal import FolioCLI

CommandLauncher.main(FolioDaemonCommand.self)
