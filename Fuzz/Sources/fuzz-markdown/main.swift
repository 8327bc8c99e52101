import FolioLoaders
import FuzzSupport

/// Any bytes named `.md` load without a crash, a hang or a stack overflow.
func fuzzMarkdown(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInput(start, count).load(with: MarkdownLoader())
    return 0
}

@_cdecl("fuzz_markdown_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzMarkdown)
}
