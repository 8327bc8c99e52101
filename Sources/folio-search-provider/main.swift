internal import FolioCLI

CommandLauncher.main(SearchProviderCommand.self)
