import FolioCore
import FolioStore
import FolioText
import Foundation
import FuzzSupport

/// Whatever a user types, the translated query runs on a real FTS5 index without an
/// error: the promise that free text never produces an FTS5 syntax error.
func fuzzQuery(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let query = SearchQuery(parsing: FuzzInput(start, count).text)
    guard !query.isEmpty else { return 0 }
    do {
        _ = try index.search(SearchRequest(query: query))
    } catch {
        fatalError("\(error)")
    }
    return 0
}

/// One small index, made once per process.
let index: IndexReader = {
    let path = "/dev/shm/folio-fuzz-query-\(getpid()).sqlite"
    do {
        let store = try IndexStore(path: path)
        let text = "Tax return 2023 for the drag-lift coefficient; naïve café NEAR AND OR NOT \"quoted\" a* (x)"
        let record = DocumentRecord(path: "/fuzz/a.txt", signature: FileSignature(size: 1, modificationTimeNanoseconds: 1, inode: 1),
                                    contentHash: "0", kind: .text, title: "Fuzz", pageCount: 1, chunkCount: 1, status: .indexed,
                                    error: nil, indexedAt: 0)
        try store.save(record, chunks: [Chunk(ordinal: 0, firstPage: 1, lastPage: 1, section: nil, text: text, startOffset: 0,
                                              endOffset: text.unicodeScalars.count)])
        return try IndexReader(path: path)
    } catch {
        fatalError("cannot make the fuzz index: \(error)")
    }
}()

@_cdecl("fuzz_query_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzQuery)
}
