internal import FolioCLI
internal import FolioSearchProviderProgram

CommandLauncher.main(SearchProviderCommand.self)
