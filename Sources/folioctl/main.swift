internal import FolioCLI

CommandLauncher.main(FolioControl.self)
