import FolioCore
import FolioText
import FuzzSupport

/// The filter, whole and streamed, only ever removes lines: every page comes out, in
/// order, each a subsequence of the page that went in, and both ways agree on documents
/// of up to `radius + 1` pages (which the stream judges whole). A small radius, so that
/// short inputs stream.
func fuzzHeaderFooter(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let pages = FuzzInput(start, count).pages
    let filter = HeaderFooterFilter()
    let whole = filter.filter(pages)
    let radius = 4
    var stream = HeaderFooterFilter.Stream(filter: filter, radius: radius)
    var streamed = pages.flatMap { stream.add($0) }
    streamed += stream.finish()
    for output in [whole, streamed] {
        require(output.map(\.number) == pages.map(\.number), "pages lost or reordered")
        for (kept, original) in zip(output, pages) {
            var remaining = original.lines.map(\.text)[...]
            for line in kept.lines {
                guard let found = remaining.firstIndex(of: line.text) else { fatalError("a line not in the page: \(line.text)") }
                remaining = remaining[(found + 1)...]
            }
        }
    }
    if pages.count <= radius + 1 { require(whole == streamed, "stream and whole filter disagree on a short document") }
    return 0
}

@_cdecl("fuzz_header_footer_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzHeaderFooter)
}
