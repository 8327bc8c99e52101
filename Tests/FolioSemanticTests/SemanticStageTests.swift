import FolioCore
import FolioEmbedding
import FolioSemantic
import FolioStore
import FolioText
import Foundation
import Testing

/// The semantic stage with the real model (installed by `make test`) on a real database.
@Suite struct SemanticStageTests {
    static let paths = FolioPaths(environment: ProcessInfo.processInfo.environment)

    static func database() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-semantic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory + "/folio.sqlite"
    }

    static func record(_ path: String) -> DocumentRecord {
        DocumentRecord(path: path, signature: FileSignature(size: 1, modificationTimeNanoseconds: 2, inode: 3), contentHash: path,
                       kind: .text, title: nil, pageCount: 1, chunkCount: 0, status: .indexed, error: nil, indexedAt: 0)
    }

    static func chunk(_ text: String) -> [Chunk] {
        [Chunk(ordinal: 0, firstPage: 1, lastPage: 1, section: nil, text: text, startOffset: 0, endOffset: text.count)]
    }

    static let embedder: Result<any Embedder, any Error> = Result {
        try EmbedderFactory.make(options: FolioConfiguration.default.embeddings, paths: paths, environment: [:])
    }

    /// Every window gets a vector; a renamed file costs no model run; an edited one only
    /// its changed windows; the model is complete at the end and answers by meaning.
    @Test func vectors_followTheText_notTheFile() throws {
        let path = try Self.database()
        let store = try IndexStore(path: path)
        try store.save(Self.record("/d/invoice.txt"), chunks: Self.chunk("vehicle service invoice: 480 EUR for brake pads"))
        try store.save(Self.record("/d/recipe.txt"), chunks: Self.chunk("two eggs, flour and a pinch of salt"))
        let stage = try SemanticStage(store: store, embedder: Self.embedder.get())
        #expect(try stage.runToCompletion { _ in }.embedded == 2)
        #expect(try stage.coverage() == SemanticCoverage(windows: 2, embedded: 2, chunksWithoutWindows: 0, documents: 2,
                                                                    documentsWithMeaning: 2))

        try store.purge(.file("/d/invoice.txt"))
        try store.save(Self.record("/d/car/invoice.txt"), chunks: Self.chunk("vehicle service invoice: 480 EUR for brake pads"))
        #expect(try stage.runToCompletion { _ in }.embedded == 0)
        try store.save(Self.record("/d/recipe.txt"), chunks: Self.chunk("three eggs, flour and a pinch of salt"))
        #expect(try stage.runToCompletion { _ in }.embedded == 1)

        let reader = try IndexReader(path: path)
        let model = try #require(try reader.queryModel())
        #expect(model.completedAt != nil && model.dimension == 384)
        var index = VectorIndex(model: model)
        try reader.refresh(&index)
        let question = try Self.embedder.get().embed("how much did the car repair cost")
        let nearest = NearestWindows(model: model.id, windows: try reader.nearest(question, in: index, limit: 10).map { .init(key: $0.key, similarity: $0.similarity) })
        let hits = try reader.search(SearchRequest(query: SearchQuery(parsing: "how much did the car repair cost"), mode: .semantic, meaning: nearest))
        #expect(hits.first?.path == "/d/car/invoice.txt")
    }
}
