import Testing
import FolioTestSupport
@testable import FolioLoaders

/// A page's text is read without its links: hyperref manuals have thousands of links to
/// named destinations, and loading them (each looked up in the name tree) cost a quarter
/// of the time and most of the memory on such documents, for no text.
struct MuPDFLinksTests {
    private let lines = ["Ledger of the harbour master", "Tide tables for the winter", "Moorings let by the week"]

    /// What MuPDF holds more after reading every page than after opening, and the text.
    private func read(linksPerPage: Int) throws -> (pages: [String], grown: Int) {
        let source = try Fixture.temporary("links.pdf", Array(LongPDF.data(pages: [lines, lines], linksPerPage: linksPerPage)))
        let document = try MuPDFDocument(path: source.path, memoryBudget: Int.max)
        let opened = document.heldBytes
        let pages = try (0..<document.pageCount).map { try document.text(ofPage: $0) }
        return (pages, document.heldBytes - opened)
    }

    @Test func linksToNamedDestinations_areNotLoaded_andTheTextIsTheSame() throws {
        let plain = try read(linksPerPage: 0)
        let linked = try read(linksPerPage: 2_000)
        #expect(plain.pages.count == 2)
        #expect(plain.pages[0].contains("Tide tables for the winter"))
        #expect(linked.pages == plain.pages)
        // Loaded, the 4,000 links and the name tree took 3.5 MiB more; the pages' /Annots
        // arrays, which are parsed with the pages, take 130 KiB.
        #expect(linked.grown - plain.grown < 512 << 10, "grown by \(linked.grown) bytes with links, \(plain.grown) without")
    }
}
