internal import FolioCLI
internal import FolioDaemonProgram

// With OMP_THREAD_LIMIT set here, the workers (which run tesseract) inherit it and need
// not execute themselves again to set it.
CommandLauncher.main(FolioDaemonCommand.self, limitsOpenMP: true)
