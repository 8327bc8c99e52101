internal import FolioCLI

CommandLauncher.main(UICommand.self)
