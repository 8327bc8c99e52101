internal import FolioCore
internal import FolioSearch
internal import FolioStore
internal import FolioText

/// `/api/search`: `folioq --json`'s search, through the session's index.
extension UIRoutes {
    func search(_ query: [String: String]) throws(UIError) -> NotedSearchResults {
        let text: String
        var request: SearchRequest
        do {
            text = try SearchArguments.text(query["q"], name: "q")
            let limit = try query["limit"].map { value throws(SearchArguments.Failure) -> Int in
                guard let limit = Int(value) else { throw .invalid(name: "limit", reason: "must be an integer, not \(value)") }
                return try SearchArguments.number(limit, name: "limit", in: 1...100)
            } ?? 20
            let kinds: Set<DocumentKind> = try query["type"].map { value throws(SearchArguments.Failure) in [try SearchArguments.choice(value, name: "type")] } ?? []
            let mode: SearchMode = try query["mode"].map { value throws(SearchArguments.Failure) in try SearchArguments.choice(value, name: "mode") } ?? .hybrid
            request = SearchRequest(query: SearchQuery(parsing: ""), limit: limit, kinds: kinds, snippetWords: 32, mode: mode)
            request.query = try SearchArguments.words(text, name: "q", into: &request.filters)
        } catch {
            throw UIError(error)
        }
        return try session.withIndex { index throws(UIError) -> NotedSearchResults in
            if let folder = query["path"], !folder.isEmpty, let reader = index.reader {
                request.scope = try self.folder(folder, in: reader)
            }
            do {
                return try session.search(text, request, in: index)
            } catch {
                throw .index(session.describe(error))
            }
        }
    }
}
