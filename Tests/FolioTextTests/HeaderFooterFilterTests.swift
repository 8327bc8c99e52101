import Testing
@testable import FolioText
import FolioCore
import FolioTestSupport

@Suite struct HeaderFooterFilterTests {
    private func pages(_ texts: [[String]]) -> [Page] {
        texts.enumerated().map { Page(number: $0.offset + 1, lines: $0.element.map { TextLine($0) }) }
    }

    private func texts(_ pages: [Page]) -> [[String]] {
        pages.map { $0.lines.map(\.text) }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var input: [[String]]
        var expected: [[String]]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "running header and numbered footer",
             input: (1...5).map { ["ACME Annual Report", "Body of page \(letter($0)) alpha", "more text \(letter($0))", "Page \($0) of 5"] },
             expected: (1...5).map { ["Body of page \(letter($0)) alpha", "more text \(letter($0))"] }),
        Case(name: "bare page numbers and roman numerals",
             input: [["i", "Preface text"], ["ii", "Foreword text"], ["Chapter one", "3"], ["Body", "- 4 -"]],
             expected: [["Preface text"], ["Foreword text"], ["Chapter one"], ["Body"]]),
        Case(name: "alternating even and odd headers",
             input: (1...6).map { [$0 % 2 == 0 ? "The Book Title" : "Chapter Name", "content \(letter($0)) here", "\($0)"] },
             expected: (1...6).map { ["content \(letter($0)) here"] }),
        Case(name: "heading repeated once is kept",
             input: [["Introduction", "a b c"], ["Introduction", "d e f"], ["Method", "g h i"], ["Results", "j k l"], ["End", "m"]],
             expected: [["Introduction", "a b c"], ["Introduction", "d e f"], ["Method", "g h i"], ["Results", "j k l"], ["End", "m"]]),
        Case(name: "single page untouched, page number and all",
             input: [["Report", "text", "Page 1 of 1"]],
             expected: [["Report", "text", "Page 1 of 1"]]),
        Case(name: "two pages untouched",
             input: [["Header", "a"], ["Header", "b"]],
             expected: [["Header", "a"], ["Header", "b"]]),
        Case(name: "repeated line in the middle of long pages is kept",
             input: (1...4).map { p in ["top \(p)"] + ["a", "b", "c"].map { $0 + letter(p) } + ["Table continues"]
                 + ["d", "e", "f"].map { $0 + letter(p) } + ["bottom \(p)"] },
             expected: (1...4).map { p in ["a", "b", "c"].map { $0 + letter(p) } + ["Table continues"] + ["d", "e", "f"].map { $0 + letter(p) } }),
        Case(name: "words that look like numerals are kept",
             input: [["civil", "mix", "text a"], ["lid", "text b"], ["did", "text c"]],
             expected: [["civil", "mix", "text a"], ["lid", "text b"], ["did", "text c"]]),
        Case(name: "blank lines do not count as lines",
             input: (1...3).map { ["", "Header", "", "text \(letter($0))"] },
             expected: (1...3).map { ["", "", "text \(letter($0))"] }),
        Case(name: "body lines that differ only in their numbers count as repeats",
             input: (1...4).map { ["Balance brought forward \($0 * 100).00", "entry \(letter($0))"] },
             expected: (1...4).map { ["entry \(letter($0))"] }),
    ]

    /// A page-specific word without digits (digits are normalised away by the filter).
    static func letter(_ number: Int) -> String {
        String(repeating: "q", count: number)
    }

    @Test(arguments: cases)
    func filter(_ testCase: Case) {
        let filtered = HeaderFooterFilter().filter(pages(testCase.input))
        #expect(texts(filtered) == testCase.expected)
        #expect(filtered.map(\.number) == Array(1...testCase.input.count), "page numbers survive")
    }

    @Test(arguments: ["12", "- 12 -", "Page 12", "page 3 of 40", "3/40", "xiv", "Page iv", "[7]"])
    func pageNumberLines_areRecognised(_ line: String) {
        #expect(HeaderFooterFilter.isPageNumber(line))
    }

    @Test(arguments: ["12 apples", "Chapter 3", "civil", "2023 tax return", "I am", ""])
    func ordinaryLines_areNotPageNumbers(_ line: String) {
        #expect(!HeaderFooterFilter.isPageNumber(line))
    }

    /// Random documents with a running header and footer: the header and footer go from
    /// every page, every body line stays, in order.
    @Test(arguments: 0..<40)
    func randomDocuments_loseHeadersAndFootersAndNothingElse(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var counter = 0
        let pageCount = Int.random(in: 3...30, using: &random)
        let header = "Quarterly Statement " + random.uniqueWord(&counter)
        var body: [[String]] = []
        let input: [[String]] = (1...pageCount).map { number in
            let lines = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                (0..<Int.random(in: 1...8, using: &random)).map { _ in random.uniqueWord(&counter) }.joined(separator: " ")
            }
            body.append(lines)
            return [header] + lines + ["Page \(number) of \(pageCount)"]
        }
        let output = texts(HeaderFooterFilter().filter(pages(input)))
        #expect(output == body, "seed \(seed)")
    }
}

@Suite struct DocumentTitleTests {
    private func document(_ kind: DocumentKind, title: String? = nil, lines: [String]) -> LoadedDocument {
        LoadedDocument(kind: kind, title: title, pages: [Page(number: 1, lines: lines.map { TextLine($0) })])
    }

    @Test(arguments: [
        (DocumentKind.pdf, "Own Title", ["First line"], "Own Title"),
        (.pdf, nil, ["", "  Annual Report 2023 ", "body"], "Annual Report 2023"),
        (.text, nil, [String(repeating: "long ", count: 40)], "file-name"),
        (.text, nil, ["1234"], "file-name"),
        (.markdown, nil, ["Some paragraph"], "file-name"),
        (.pdf, "  ", [], "file-name"),
    ] as [(DocumentKind, String?, [String], String)])
    func title(kind: DocumentKind, own: String?, lines: [String], expected: String) {
        let loaded = document(kind, title: own, lines: lines)
        #expect(DocumentTitle.choose(own: loaded.title, kind: loaded.kind, filteredPages: loaded.pages, fileStem: "file-name") == expected)
    }
}
