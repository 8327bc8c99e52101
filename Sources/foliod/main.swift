internal import FolioCLI

CommandLauncher.main(FolioDaemon.self, limitsOpenMP: true)
