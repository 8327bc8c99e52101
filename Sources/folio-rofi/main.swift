internal import FolioCLI
internal import FolioRofiProgram

CommandLauncher.main(RofiCommand.self)
