import FolioCore
@testable import FolioMCP
@testable import FolioTools
import FolioStore
import FolioSearch
import MCP
import Testing

@Suite struct ToolArgumentsTests {
    func arguments(_ values: [String: JSONValue]) throws -> ToolArguments {
        try ToolArguments(tool: "search", values: values, allowed: ["query", "limit", "mode", "type"])
    }

    @Test func readsEachKind_andNullAsAbsent() throws {
        let given = try arguments(["query": "tax 2023", "limit": 2.0, "mode": "lexical", "type": ["pdf", "md"]])
        #expect(try given.requiredString("query") == "tax 2023")
        #expect(try given.integer("limit", in: 1...50) == 2)
        #expect(try given.choice("mode", SearchMode.self) == .lexical)
        #expect(try given.choices("type", DocumentKind.self) == [.pdf, .markdown])
        #expect(try arguments(["query": "a", "limit": .null]).integer("limit", in: 1...50) == nil)
        #expect(try arguments(["query": "a", "type": "pdf"]).choices("type", DocumentKind.self) == [.pdf])
    }

    @Test func refusesWhatItCannotRead_namingTheArgument() throws {
        #expect(throws: ToolError.missingArgument(tool: "search", name: "query")) { try arguments([:]).requiredString("query") }
        #expect(throws: ToolError.invalidArgument(tool: "search", name: "query", reason: "must not be empty")) {
            try arguments(["query": "  "]).requiredString("query")
        }
        #expect(throws: ToolError.invalidArgument(tool: "search", name: "limit", reason: "must be an integer")) {
            try arguments(["limit": 2.5]).integer("limit", in: 1...50)
        }
        #expect(throws: ToolError.invalidArgument(tool: "search", name: "limit", reason: "must be from 1 to 50, not 0")) {
            try arguments(["limit": 0]).integer("limit", in: 1...50)
        }
        #expect(throws: ToolError.invalidArgument(tool: "search", name: "mode", reason: "must be one of lexical, semantic, hybrid, not fuzzy")) {
            try arguments(["mode": "fuzzy"]).choice("mode", SearchMode.self)
        }
        #expect(throws: ToolError.self) { try arguments(["colour": "red"]) }
    }

    /// The query's fields, as the window's `q` and the `search` tool's `query` carry them
    /// (`SearchArguments.words`): they narrow the search; one not understood is the
    /// argument's error, which says what would do.
    @Test func fieldsOfTheQuery_narrowIt_andOneNotUnderstood_isAnInvalidArgument() throws {
        var filters = SearchFilters()
        let query = try SearchArguments.words("invoice from:anna ext:pdf", name: "query", into: &filters)
        #expect(query.meaningText == "invoice")
        #expect(filters.people == [PersonMatch(role: .from, text: "anna")] && filters.extensions == ["pdf"])
        for (text, problem) in [("invoice colour:red", FilterError.unknownField("colour")),
                                ("invoice after:2023-13", .badValue(field: "after", value: "2023-13", expected: "give a date as 2023, 2023-03, 2023-03-15, today or yesterday"))] {
            var ignored = SearchFilters()
            #expect(throws: SearchArguments.Failure.invalid(name: "query", reason: problem.description)) {
                try SearchArguments.words(text, name: "query", into: &ignored)
            }
            #expect(ToolError(.invalid(name: "query", reason: problem.description), tool: "search")
                == .invalidArgument(tool: "search", name: "query", reason: problem.description))
        }
    }
}

@Suite struct ReadLimitTests {
    static func passage(_ chunk: Int, _ characters: Int) -> DocumentPassage {
        DocumentPassage(chunk: chunk, firstPage: chunk + 1, lastPage: chunk + 1, pageLabel: nil, section: nil,
                        text: String(repeating: "a", count: characters))
    }

    /// The chunk asked for first, then its neighbours nearest first (after before before),
    /// as many as fit; handed over in the document's order.
    @Test func keepsTheNearestThatFit() {
        let (kept, truncated) = FolioToolbox.withinLimit((2...8).map { Self.passage($0, 3_000) }, centre: 5)
        #expect(kept.map(\.chunk) == [4, 5, 6, 7] && truncated)
        let (all, whole) = FolioToolbox.withinLimit((4...6).map { Self.passage($0, 100) }, centre: 5)
        #expect(all.map(\.chunk) == [4, 5, 6] && !whole)
    }

    /// A side ends at its first neighbour that does not fit: never a gap in the passages.
    @Test func leavesNoGap() {
        let sizes = [4: 100, 5: 5_000, 6: 7_500, 7: 10]
        let (kept, truncated) = FolioToolbox.withinLimit(sizes.keys.sorted().map { Self.passage($0, sizes[$0]!) }, centre: 5)
        #expect(kept.map(\.chunk) == [4, 5] && truncated, "6 does not fit, so 7 is not taken after it")
    }

    /// A chunk longer than the limit by itself is cut to it.
    @Test func cutsAChunkLongerThanTheLimit() {
        let (kept, truncated) = FolioToolbox.withinLimit([Self.passage(0, 20_000), Self.passage(1, 10)], centre: 0)
        #expect(kept.map(\.chunk) == [0] && truncated)
        #expect(kept[0].text.unicodeScalars.count == ToolCatalog.maximumReadCharacters + 1)
    }
}
