internal import FolioCore
internal import FolioSearch
internal import FolioStore
internal import FolioText

/// `/api/search`: `folioq --json`'s search, through the session's index.
extension UIRoutes {
    func search(_ query: [String: String]) throws(UIError) -> NotedSearchResults {
        guard let text = query["q"], !text.trimmingWhitespace().isEmpty else { throw .missingArgument("q") }
        guard text.unicodeScalars.count <= 1_000 else { throw .invalidArgument(name: "q", reason: "must be at most 1,000 characters") }
        let limit = try query["limit"].map { value throws(UIError) -> Int in
            guard let limit = Int(value), (1...100).contains(limit) else { throw .invalidArgument(name: "limit", reason: "must be 1 to 100") }
            return limit
        } ?? 20
        let kinds = try query["type"].map { value throws(UIError) -> Set<DocumentKind> in
            guard let kind = DocumentKind(rawValue: value) else {
                throw .invalidArgument(name: "type", reason: "must be one of " + DocumentKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return [kind]
        } ?? []
        let mode = try query["mode"].map { value throws(UIError) -> SearchMode in
            guard let mode = SearchMode(rawValue: value) else { throw .invalidArgument(name: "mode", reason: "must be hybrid, lexical or semantic") }
            return mode
        } ?? .hybrid
        var request = SearchRequest(query: SearchQuery(parsing: text), limit: limit, kinds: kinds, snippetWords: 32, mode: mode)
        return try session.withIndex { index throws(UIError) -> NotedSearchResults in
            if let folder = query["path"], !folder.isEmpty, let reader = index.reader {
                request.scope = try self.folder(folder, in: reader)
            }
            do {
                return try session.search(text, request, in: index)
            } catch {
                throw .index(IndexSession.describe(error))
            }
        }
    }
}
