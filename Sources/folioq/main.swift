internal import FolioCLI
internal import FolioQueryProgram

CommandLauncher.main(FolioQuery.self, quickly: FolioQuery.parsedQuickly)
