import Testing
import Foundation
@testable import FolioStore
import FolioCore
import FolioText
import FolioSQLite
import FolioTestSupport

@Suite struct QuantisedVectorTests {
    /// Unit vectors as all-MiniLM-L6-v2 gives them: the int8 form moves cosine similarity
    /// by well under 0.01.
    @Test func quantising_keepsCosineSimilarity() {
        var random = SystemRandomNumberGenerator()
        func unit() -> [Float] {
            let raw = (0..<384).map { _ in Float.random(in: -1...1, using: &random) }
            let norm = raw.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return raw.map { $0 / norm }
        }
        for _ in 0..<50 {
            let (a, b) = (unit(), unit())
            let exact = zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
            let quantised = zip(QuantisedVector(a).floats, b).reduce(0) { $0 + $1.0 * $1.1 }
            #expect(abs(exact - quantised) < 0.01)
        }
        #expect(QuantisedVector([0, 0]).components == [0, 0])
    }

    @Test func boundedBest_keepsTheHighestInOrder() {
        var best = BoundedBest<ScoredRow>(capacity: 3)
        for (row, score) in [(0, 0.1), (1, 0.9), (2, 0.5), (3, 0.7), (4, 0.2), (5, 0.95), (6, 0.7)] {
            best.offer(ScoredRow(row: row, score: Float(score)))
        }
        #expect(best.sorted().map(\.row) == [5, 1, 3])
    }
}

@Suite struct VectorIndexTests {
    /// Windows, vectors and a model through the store, read back into memory, and the
    /// nearest found; vectors added later are read incrementally.
    @Test func nearest_findsTheClosestWindows_andRefreshReadsOnlyNewRows() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/a.txt"), chunks: TemporaryDatabase.chunks(["alpha", "beta"]))
        let model = try store.embeddingModel(provider: "local", name: "test")
        let chunks = try store.chunksWithoutWindows(limit: 10)
        #expect(chunks.map(\.text).sorted() == ["alpha", "beta"])
        try store.saveWindows(chunks.map { ($0.id, [$0.text == "alpha" ? 1 : 2]) })
        #expect(try store.chunksWithoutWindows(limit: 10).isEmpty)
        #expect(try store.chunksAwaitingVectors(model: model.id, limit: 10).count == 2)
        try store.saveVectors(model: model.id, [(1, QuantisedVector([1, 0, 0]))])
        #expect(try store.semanticCoverage(model: model.id) == SemanticCoverage(windows: 2, embedded: 1, chunksWithoutWindows: 0))
        let reader = try IndexReader(path: database.path)
        let record = try #require(try reader.queryModel())
        #expect(record.id == model.id && record.dimension == 3)
        var index = VectorIndex(model: record)
        try reader.refresh(&index)
        #expect(index.count == 1)
        try store.saveVectors(model: model.id, [(2, QuantisedVector([0, 1, 0]))])
        try reader.refresh(&index)
        #expect(index.count == 2)
        #expect(index.nearest([0.1, 0.99, 0], limit: 1).map(\.key) == [2])
        try store.completeModel(model.id)
        #expect(try store.semanticCoverage(model: model.id).isComplete)
    }

    /// A new model is built beside the complete one, which answers until the new one is
    /// complete; then the old vectors are removed.
    @Test func aNewModel_answersOnlyOnceComplete() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/a.txt"), chunks: TemporaryDatabase.chunks(["alpha"]))
        let old = try store.embeddingModel(provider: "local", name: "old")
        let chunk = try #require(try store.chunksWithoutWindows(limit: 1).first)
        try store.saveWindows([(chunk.id, [7])])
        try store.saveVectors(model: old.id, [(7, QuantisedVector([1, 0]))])
        try store.completeModel(old.id)
        let new = try store.embeddingModel(provider: "ollama", name: "new")
        try store.saveVectors(model: new.id, [(8, QuantisedVector([0, 1, 0]))])
        let reader = try IndexReader(path: database.path)
        #expect(try reader.queryModel()?.name == "old")
        try store.saveVectors(model: new.id, [(7, QuantisedVector([0, 1, 0]))])
        try store.completeModel(new.id)
        #expect(try reader.queryModel()?.name == "new")
        #expect(try reader.embeddingModel(provider: "local", name: "old") == nil)
        try store.removeUnusedVectors()
        var index = VectorIndex(model: try #require(try reader.queryModel()))
        try reader.refresh(&index)
        #expect(index.keys == [7])
    }

    /// Deleting a chunk deletes its windows; the vector stays for a file that comes back.
    @Test func windows_goWithTheirChunk_vectorsStayUntilForgotten() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/a.txt"), chunks: TemporaryDatabase.chunks(["alpha"]))
        let model = try store.embeddingModel(provider: "local", name: "m")
        let chunk = try #require(try store.chunksWithoutWindows(limit: 1).first)
        try store.saveWindows([(chunk.id, [5])])
        try store.saveVectors(model: model.id, [(5, QuantisedVector([1, 0]))])
        try store.purge(.file("/d/a.txt"))
        #expect(try store.semanticCoverage(model: model.id) == SemanticCoverage(windows: 0, embedded: 0, chunksWithoutWindows: 0))
        #expect(try store.removeUnusedVectors() == 1)
    }
}

@Suite struct FusionTests {
    static func chunk(_ id: Int64, _ score: Double, navigation: Bool = false) -> RankedChunk {
        RankedChunk(chunk: id, document: id, score: score, matchesAll: true, navigation: navigation)
    }

    /// A list of one result and the no match it is counted with: the result one deviation
    /// above, the rest one below. The fused score is the mean of the two sides.
    @Test func aResultBothListsHold_outranksOneEachHolds() throws {
        let both = Fusion.standardised(lexical: [Self.chunk(1, -4)], semantic: [Self.chunk(1, 0.6)], allChunks: false)
        let ranking = try #require(both.first?.ranking)
        #expect(both.map(\.chunk) == [1])
        #expect(abs(ranking.fusedScore - 1) < 1e-12 && ranking.lexicalRank == 1 && ranking.semanticRank == 1)
        let apart = Fusion.standardised(lexical: [Self.chunk(1, -4)], semantic: [Self.chunk(2, 0.6)], allChunks: false)
        // Each +1 on its side and -1 on the other: 0 both.
        #expect(Set(apart.map(\.chunk)) == [1, 2])
        #expect(apart.allSatisfy { abs($0.ranking!.fusedScore) < 1e-6 })
        let byMeaning = try #require(apart.first { $0.chunk == 2 })
        #expect(byMeaning.lexicalMatch == nil && byMeaning.ranking?.lexicalRank == nil && byMeaning.ranking?.semanticRank == 1)
    }

    /// How far ahead a side puts a result counts, not only its place: one far ahead by words
    /// and a little behind by meaning outranks one first by meaning, by a hair, and second
    /// by words, which reciprocal ranks (1/61 + 1/63 against 1/62 + 1/61) put first.
    @Test func theMarginCounts_notOnlyThePlace() {
        // Words: 1 far ahead of 2 and 3; meaning: 2 just ahead of 3 and 1.
        let lexical = [Self.chunk(1, -30), Self.chunk(2, -3), Self.chunk(3, -2.9)]
        let semantic = [Self.chunk(2, 0.52), Self.chunk(3, 0.51), Self.chunk(1, 0.50)]
        #expect(Fusion.standardised(lexical: lexical, semantic: semantic, allChunks: false).map(\.chunk) == [1, 2, 3])
    }

    /// A full list may go on: what it lacks scores as its last, not as no match.
    @Test func aFullList_scoresWhatItLacksAsItsLast() throws {
        let lexical = (1...Fusion.depth).map { Self.chunk(Int64($0), -Double(Fusion.depth + 1 - $0)) }
        let fused = Fusion.standardised(lexical: lexical, semantic: [Self.chunk(1000, 0.6)], allChunks: false)
        // Evidence 100 down to 1: mean 50.5, deviation sqrt((100² - 1) / 12).
        let deviation = ((Double(Fusion.depth * Fusion.depth) - 1) / 12).squareRoot()
        let found = try #require(fused.first { $0.chunk == 1000 }?.ranking)
        #expect(abs(found.fusedScore - ((1 - 50.5) / deviation + 1) / 2) < 1e-12)
        #expect(fused.first?.chunk == 1 && abs(fused[0].ranking!.fusedScore - ((100 - 50.5) / deviation - 1) / 2) < 1e-12)
    }

    /// Contents and index pages stay after the text, however well they match.
    @Test func navigation_comesAfterTheText() {
        let lexical = [Self.chunk(1, -20, navigation: true), Self.chunk(2, -1)]
        let semantic = [Self.chunk(1, 0.9, navigation: true), Self.chunk(3, 0.3)]
        let fused = Fusion.standardised(lexical: lexical, semantic: semantic, allChunks: false)
        #expect(fused.count == 3 && fused.last?.chunk == 1)
    }

    /// One result per document: a document both lists found keeps the chunk its words matched.
    @Test func aDocumentFoundByBoth_keepsItsLexicalChunk() {
        let lexical = [RankedChunk(chunk: 10, document: 1, score: -5, matchesAll: true)]
        let semantic = [RankedChunk(chunk: 11, document: 1, score: 0.8, matchesAll: false)]
        let fused = Fusion.standardised(lexical: lexical, semantic: semantic, allChunks: false)
        #expect(fused.map(\.chunk) == [10])
        #expect(Fusion.standardised(lexical: lexical, semantic: semantic, allChunks: true).map(\.chunk).sorted() == [10, 11])
    }

    /// No result on one side: the other side's order.
    @Test func anEmptyList_leavesTheOthersOrder() {
        let semantic = [Self.chunk(4, 0.7), Self.chunk(5, 0.5), Self.chunk(6, 0.3)]
        #expect(Fusion.standardised(lexical: [], semantic: semantic, allChunks: false).map(\.chunk) == [4, 5, 6])
        #expect(Fusion.standardised(lexical: semantic.map { Self.chunk($0.chunk, -$0.score) }, semantic: [], allChunks: false).map(\.chunk) == [4, 5, 6])
        #expect(Fusion.standardised(lexical: [], semantic: [], allChunks: false).isEmpty)
    }
}

@Suite struct SemanticSearchTests {
    /// Meaning finds what the words cannot; scope, kinds and exclusions still apply; a
    /// phrase or a prefix keeps the search lexical; a window too far is no match.
    @Test func meaning_respectsScopeKindsAndExclusions() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/car.txt"), chunks: TemporaryDatabase.chunks(["vehicle service invoice"]))
        try store.save(TemporaryDatabase.record("/e/cake.md", kind: .markdown), chunks: TemporaryDatabase.chunks(["flour eggs sugar"]))
        try store.save(TemporaryDatabase.record("/e/far.txt"), chunks: TemporaryDatabase.chunks(["unrelated"]))
        let model = try store.embeddingModel(provider: "local", name: "m")
        let chunks = try store.chunksWithoutWindows(limit: 10)
        try store.saveWindows(chunks.map { ($0.id, [$0.text.hasPrefix("vehicle") ? 1 : $0.text.hasPrefix("flour") ? 2 : 3]) })
        try store.saveVectors(model: model.id, [(1, QuantisedVector([1, 0])), (2, QuantisedVector([0, 1])), (3, QuantisedVector([1, 1]))])
        let reader = try IndexReader(path: database.path)
        let nearest = NearestWindows(model: model.id, windows: [.init(key: 1, similarity: 0.8), .init(key: 2, similarity: 0.3),
                                                                .init(key: 3, similarity: 0.1)])
        func paths(_ text: String, mode: SearchMode, scope: PathScope = .everything, kinds: Set<DocumentKind> = []) throws -> [String] {
            try reader.search(SearchRequest(query: SearchQuery(parsing: text), scope: scope, kinds: kinds, mode: mode, meaning: nearest)).map(\.path)
        }
        #expect(try paths("car repair cost", mode: .lexical).isEmpty)
        #expect(try paths("car repair cost", mode: .semantic) == ["/d/car.txt", "/e/cake.md"])
        #expect(try paths("car repair cost", mode: .hybrid) == ["/d/car.txt", "/e/cake.md"])
        #expect(try paths("car repair cost", mode: .semantic, scope: .tree("/e")) == ["/e/cake.md"])
        #expect(try paths("car repair cost", mode: .semantic, kinds: [.markdown]) == ["/e/cake.md"])
        #expect(try paths("car repair -invoice", mode: .semantic) == ["/e/cake.md"])
        #expect(try paths("\"car repair\"", mode: .hybrid).isEmpty)
        #expect(try paths("vehic*", mode: .hybrid) == ["/d/car.txt"])
        let hit = try #require(try reader.search(SearchRequest(query: SearchQuery(parsing: "car"), mode: .hybrid, meaning: nearest)).first)
        #expect(hit.snippet.text == "vehicle service invoice" && hit.snippet.highlights.isEmpty)
        // Similarities 0.8 and 0.3 and the no match 0.2: 0.8 stands 1.397 deviations above;
        // no words matched, so that side adds 0.
        let ranking = try #require(hit.ranking)
        #expect(ranking.lexicalRank == nil && ranking.semanticRank == 1 && ranking.similarity == 0.8)
        #expect(abs(ranking.fusedScore - 1.397 / 2) < 1e-3, "\(ranking.fusedScore)")
    }

    /// Meaning asked for once the words are ranked (`search(_:meaning:)`) gives the hits
    /// it gives when known before; it is not asked for when the index has no vectors or the
    /// query keeps to exact words, and a search without it after all is one by words.
    @Test func meaningAskedAfterTheWords_findsTheSame() throws {
        let database = try TemporaryDatabase()
        let store = try IndexStore(path: database.path)
        try store.save(TemporaryDatabase.record("/d/car.txt"), chunks: TemporaryDatabase.chunks(["vehicle service invoice for the car"]))
        try store.save(TemporaryDatabase.record("/e/cake.md", kind: .markdown), chunks: TemporaryDatabase.chunks(["flour eggs sugar car"]))
        let reader = try IndexReader(path: database.path)
        var asked = 0
        func later(_ text: String, mode: SearchMode, nearest: NearestWindows?) throws -> [SearchHit] {
            try reader.search(SearchRequest(query: SearchQuery(parsing: text), mode: mode)) {
                asked += 1
                return nearest
            }
        }
        #expect(try later("car", mode: .hybrid, nearest: nil).map(\.path).count == 2)
        #expect(asked == 0, "no vectors yet")
        let model = try store.embeddingModel(provider: "local", name: "m")
        let chunks = try store.chunksWithoutWindows(limit: 10)
        try store.saveWindows(chunks.map { ($0.id, [$0.text.hasPrefix("vehicle") ? 1 : 2]) })
        try store.saveVectors(model: model.id, [(1, QuantisedVector([1, 0])), (2, QuantisedVector([0, 1]))])
        let nearest = NearestWindows(model: model.id, windows: [.init(key: 2, similarity: 0.9), .init(key: 1, similarity: 0.5)])
        for mode in [SearchMode.hybrid, .semantic] {
            for text in ["car", "car repair cost", "sugar"] {
                let known = try reader.search(SearchRequest(query: SearchQuery(parsing: text), mode: mode, meaning: nearest))
                #expect(try later(text, mode: mode, nearest: nearest) == known, "\(text), \(mode)")
            }
        }
        #expect(asked == 6)
        #expect(try later("\"flour eggs\"", mode: .hybrid, nearest: nearest).map(\.path) == ["/e/cake.md"])
        #expect(asked == 6, "a phrase keeps to the words")
        let words = try reader.search(SearchRequest(query: SearchQuery(parsing: "car"), mode: .lexical))
        #expect(try later("car", mode: .hybrid, nearest: nil) == words)
    }
}

@Suite struct VectorScanTests {
    /// The int8 scan ranks as float cosine similarity does, for a dimension that is not a
    /// multiple of sixteen too: each similarity within the quantisation's error, so the
    /// nearest it finds is the nearest or one as near within that error (at 20 dimensions,
    /// random vectors make such near ties often enough that an exact first place failed
    /// a run in CI's share of seeds).
    @Test(arguments: [384, 20])
    func scan_agreesWithFloatSimilarity(dimension: Int) throws {
        for seed in UInt64(1)...20 {
            var random = SeededRandom(seed: seed)
            func unit() -> [Float] {
                let raw = (0..<dimension).map { _ in Float.random(in: -1...1, using: &random) }
                let norm = raw.reduce(0) { $0 + $1 * $1 }.squareRoot()
                return raw.map { $0 / norm }
            }
            let vectors = (0..<300).map { _ in unit() }
            var index = VectorIndex(model: EmbeddingModelRecord(id: 1, provider: "local", name: "m", dimension: dimension, completedAt: nil))
            for (key, vector) in vectors.enumerated() {
                let quantised = QuantisedVector(vector)
                index.append(key: Int64(key), scale: quantised.scale, bytes: quantised.components.map { UInt8(bitPattern: $0) })
            }
            let query = unit()
            let nearest = index.nearest(query, limit: 5)
            let exact = Dictionary(uniqueKeysWithValues: vectors.enumerated().map {
                (Int64($0.offset), zip($0.element, query).reduce(Float(0)) { $0 + $1.0 * $1.1 })
            })
            let best = try #require(exact.values.max())
            let first = try #require(nearest.first)
            #expect(best - exact[first.key]! < 0.04, "seed \(seed)")
            #expect(nearest.map(\.similarity) == nearest.map(\.similarity).sorted(by: >), "seed \(seed)")
            for hit in nearest {
                #expect(abs(hit.similarity - exact[hit.key]!) < 0.02, "seed \(seed)")
            }
        }
    }
}
