import Testing
@testable import FolioLoaders

/// MuPDF's caches are dropped after a page once they pass the budget: what it holds goes
/// down, and the text read stays the same.
struct MuPDFMemoryBudgetTests {
    private let path = Fixture.directory + "/pdf/headers.pdf"

    private func readAll(budget: Int) throws -> (pages: [String], held: [Int]) {
        let document = try MuPDFDocument(path: path, memoryBudget: budget)
        var pages: [String] = []
        var held: [Int] = []
        for index in 0..<document.pageCount {
            pages.append(try document.text(ofPage: index))
            held.append(document.heldBytes)
        }
        return (pages, held)
    }

    @Test func pastTheBudget_cachesAreDropped_andTheTextIsTheSame() throws {
        let kept = try readAll(budget: Int.max)
        let dropped = try readAll(budget: 0)
        #expect(kept.pages.count == 5)
        #expect(dropped.pages == kept.pages)
        #expect(kept.held.allSatisfy { $0 > 0 })
        for (afterDrop, unbounded) in zip(dropped.held, kept.held) {
            #expect(afterDrop < unbounded, "held after a page: \(dropped.held) with budget 0, \(kept.held) unbounded")
        }
    }
}
