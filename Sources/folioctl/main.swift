internal import FolioCLI

CommandLauncher.main(FolioControl.self, limitsOpenMP: true)
