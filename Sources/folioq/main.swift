internal import FolioCLI

CommandLauncher.main(FolioQuery.self)
