internal import FolioCLI

CommandLauncher.main(RofiCommand.self)
