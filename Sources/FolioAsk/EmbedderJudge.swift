internal import FolioCore
internal import FolioProtocol
internal import FolioSemantic
public import FolioStore

/// The `MeaningJudge` of `folioq --ask` and `folio ui`: the cited chunks cut into windows as the semantic stage
/// cut them (`EmbeddingWindows`, so their keys find their vectors), weighed by the running
/// embedder in one request. No embedder answering, or an index without vectors, leaves
/// the check to words.
public struct EmbedderJudge: MeaningJudge {
    let socket: String
    let databasePath: String
    /// The whole text of each chunk sent, by path and chunk (a passage may hold a page of it).
    let chunks: [ChunkKey: String]

    struct ChunkKey: Hashable {
        var path: String
        var chunk: Int
    }

    /// `hits` and their chunks' texts, in the same order, as the search found them.
    public init(socket: String, databasePath: String, hits: [SearchHit], contents: [ChunkContent?]) {
        self.socket = socket
        self.databasePath = databasePath
        var chunks: [ChunkKey: String] = [:]
        for (hit, content) in zip(hits, contents) { chunks[ChunkKey(path: hit.path, chunk: hit.chunkOrdinal)] = content?.text }
        self.chunks = chunks
    }

    public func weigh(_ claims: [(claim: String, passage: Passage)]) -> [Float?]? {
        let windows = claims.map { _, passage in
            EmbeddingWindows.texts(title: passage.title, section: passage.section,
                                   text: chunks[ChunkKey(path: passage.path, chunk: passage.chunk)] ?? passage.text).map(EmbeddingWindows.key)
        }
        var keys: [Int64] = []
        var seen: Set<Int64> = []
        for key in windows.joined() where seen.insert(key).inserted { keys.append(key) }
        guard let reply = EmbedderClient.send(.similarities(texts: claims.map(\.claim), windows: keys, database: databasePath), socket: socket),
              reply.error == nil, let rows = reply.similarities, rows.count == claims.count else { return nil }
        let column = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        return zip(windows, rows).map { keys, row in keys.compactMap { column[$0].flatMap { row[$0] } }.max() }
    }
}
