internal import FolioCLI

CommandLauncher.main(WorkerCommand.self, limitsOpenMP: true)
