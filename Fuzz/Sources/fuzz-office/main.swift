import FolioLoaders
import FuzzSupport

/// The office, e-book and mail loaders: the first byte chooses the loader (documents, with
/// RTF; spreadsheets; presentations; e-books; mail; mailboxes), the rest is the file. Any bytes load or are
/// refused, without a crash, a hang or unbounded memory (the seeds are real files, so the
/// fuzzer starts inside valid zips and XML).
func fuzzOffice(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = FuzzInput(start, count)
    let file = FuzzInput(bytes: Array(input.bytes.dropFirst()))
    switch input.bytes[0] % 6 {
    case 0: file.load(with: WordProcessingLoader())
    case 1: file.load(with: SpreadsheetLoader())
    case 2: file.load(with: PresentationLoader())
    case 3: file.load(with: EPUBLoader())
    case 4: file.load(with: MailLoader())
    default: file.readMailbox()
    }
    return 0
}

@_cdecl("fuzz_office_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzOffice)
}
