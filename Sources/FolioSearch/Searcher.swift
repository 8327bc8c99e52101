public import FolioStore
public import FolioSemantic
internal import FolioText

/// The one owner of search: `folioq`, `folioq --ask`, the launchers and `FolioEngine` all
/// ask it, and it decides once whether the query's meaning is asked for, waits for it
/// outside any read of the index, and fuses it with the words (`SearchIndex`).
///
/// A search by meaning sends the query to the embedder process first (`MeaningSearch`),
/// ranks the words while the embedder embeds it, then reads the windows: the two run at the
/// same time. Without vectors in the index the embedder's answer is not awaited; without an
/// embedder (or its model) the search is by words, and the results say why.
public final class Searcher {
    let index: any SearchIndex
    /// Where the query's meaning comes from; `nil`: by words only (embeddings off, or an
    /// index in memory).
    let meaning: MeaningSearch?

    public init(index: any SearchIndex, meaning: MeaningSearch?) {
        self.index = index
        self.meaning = meaning
    }

    /// The results of `request`. A request that carries its meaning already is fused with
    /// it; any other asks `meaning` when the mode and the query call for it.
    public func search(_ request: SearchRequest) throws(StoreError) -> SearchResults {
        guard request.limit > 0, !request.query.isEmpty else {
            return SearchResults(hits: [], mode: .lexical, wordsMatched: false)
        }
        var asked: MeaningSearch.Request?
        if let meaning, request.meaning == nil, request.mode != .lexical, !request.query.asksForExactWords {
            asked = meaning.begin(request.query.meaningText, limit: request.allChunks ? request.limit * 3 : MeaningSearch.windowDepth,
                                  filters: request.filters.narrows ? request.filters : nil)
        }
        let words = try index.findWords(request)
        var windows = request.meaning
        var unavailable: String?
        if let asked, let meaning, words.indexHasMeaning {
            do {
                windows = try meaning.finish(asked)
            } catch let error as StoreError {
                throw error
            } catch {
                unavailable = "\(error)"
            }
        }
        var results = try index.results(request, words: words, meaning: windows)
        results.meaningUnavailable = unavailable
        return results
    }
}
