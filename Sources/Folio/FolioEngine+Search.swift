public import FolioStore
internal import FolioText
internal import FolioCore
internal import FolioSemantic
internal import FolioSearch

extension FolioEngine {
    /// The best `limit` hits for `text` (free text as a person types it: words, `"a
    /// phrase"`, `prefix*`, `-excluded`, fields such as `after:2023-01 from:anna`; never a
    /// syntax error), one per source, within one source when `sourceId` is given. By words
    /// and meaning fused when the index has vectors, by words otherwise: what `folioq` does.
    /// A field not understood throws `filter`.
    public func search(_ text: String, in sourceId: String? = nil, limit: Int = 10) throws(FolioEngineError) -> [SearchHit] {
        var request = SearchRequest(query: SearchQuery(parsing: ""), limit: limit, scope: sourceId.map { .file($0) } ?? .everything, mode: .hybrid)
        do {
            request.query = try SearchQuery(typed: text, filters: &request.filters)
        } catch {
            throw .filter(error)
        }
        return try search(request)
    }

    /// Runs a search as `folioq` would: scope, kinds, every chunk or one per source, the
    /// snippet's length and the mode. A request by meaning (`.semantic` or `.hybrid`)
    /// without its `meaning` gets the query's nearest windows here; where they cannot be
    /// had (no vectors, embeddings off, an engine in memory) `.hybrid` searches by words
    /// and `.semantic` throws `meaningUnavailable`.
    public func search(_ request: SearchRequest) throws(FolioEngineError) -> [SearchHit] {
        try searchResults(request).hits
    }

    /// `search(_:)` with what the search could not find: the query's words no source
    /// holds (`SearchResults.unmatchedWords`), which an app shows before results found by
    /// meaning alone, as `folioq` does ("No document has “Kowalczyk”; related by meaning:").
    public func searchResults(_ request: SearchRequest) throws(FolioEngineError) -> SearchResults {
        let found = meaning.withLock { search -> Result<SearchResults, StoreError> in
            if search == nil, let databasePath {
                search = MeaningSearch(configuration: configuration, paths: FolioPaths(environment: environment),
                                       databasePath: databasePath, environment: environment)
            }
            return Result { () throws(StoreError) in try Searcher(index: index.searchIndex, meaning: search).search(request) }
        }
        let results: SearchResults
        switch found {
        case let .success(success): results = success
        case let .failure(error): throw .store(error)
        }
        if request.mode == .semantic, results.mode != .semantic, !request.query.asksForExactWords, !request.query.isEmpty {
            throw .meaningUnavailable(reason: results.meaningUnavailable ?? (databasePath == nil
                ? "an engine in memory has no vectors" : "the index has no vectors yet (run updateMeaning, or let foliod make them)"))
        }
        return results
    }
}
