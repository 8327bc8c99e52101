public import FolioStore
internal import FolioText
internal import FolioSemantic

extension FolioEngine {
    /// The best `limit` hits for `text` (free text as a person types it: words, `"a
    /// phrase"`, `prefix*`, `-excluded`; never a syntax error), one per source, within one
    /// source when `sourceId` is given. By words and meaning fused when the index has
    /// vectors, by words otherwise: what `folioq` does.
    public func search(_ text: String, in sourceId: String? = nil, limit: Int = 10) throws(FolioEngineError) -> [SearchHit] {
        try search(SearchRequest(query: SearchQuery(parsing: text), limit: limit, scope: sourceId.map { .file($0) } ?? .everything,
                                 mode: .hybrid))
    }

    /// Runs a search as `folioq` would: scope, kinds, every chunk or one per source, the
    /// snippet's length and the mode. A request by meaning (`.semantic` or `.hybrid`)
    /// without its `meaning` gets the query's nearest windows here; where they cannot be
    /// had (no vectors, embeddings off, an engine in memory) `.hybrid` searches by words
    /// and `.semantic` throws `meaningUnavailable`.
    public func search(_ request: SearchRequest) throws(FolioEngineError) -> [SearchHit] {
        var request = request
        if request.mode != .lexical, request.meaning == nil, !request.query.asksForExactWords, !request.query.isEmpty {
            do {
                request.meaning = try nearestWindows(request.query.meaningText,
                                                     limit: request.allChunks ? request.limit * 3 : MeaningSearch.windowDepth)
            } catch let error as StoreError {
                throw .store(error)
            } catch {
                if request.mode == .semantic { throw .meaningUnavailable(reason: "\(error)") }
            }
            if request.meaning == nil, request.mode == .semantic {
                throw .meaningUnavailable(reason: databasePath == nil
                    ? "an engine in memory has no vectors" : "the index has no vectors yet (run updateMeaning, or let foliod make them)")
            }
        }
        do {
            return try index.search(request)
        } catch {
            throw .store(error)
        }
    }
}
