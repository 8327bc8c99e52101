import FolioLoaders
import FuzzSupport

/// Any bytes named `.html` load without a crash, a hang or a stack overflow.
func fuzzHTML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInput(start, count).load(with: HTMLLoader())
    return 0
}

@_cdecl("fuzz_html_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzHTML)
}
