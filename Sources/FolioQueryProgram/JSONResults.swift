internal import FolioStore
internal import FolioSearch
internal import FoundationEssentials

/// `folioq --json`: the stable machine-readable form documented in docs/json.md.
enum JSONResults {
    static func render(query: String, results found: SearchResults, threads: [String: MailThread]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(SearchResultsJSON(query: query, results: found, threads: threads))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
