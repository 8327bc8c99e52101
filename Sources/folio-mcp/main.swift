internal import FolioCLI

CommandLauncher.main(MCPCommand.self)
