internal import FolioCLI
internal import FolioControlProgram

// With OMP_THREAD_LIMIT set here, the workers of `index` and `extract` (which run
// tesseract) inherit it and need not execute themselves again to set it.
CommandLauncher.main(FolioControl.self, limitsOpenMP: true)
