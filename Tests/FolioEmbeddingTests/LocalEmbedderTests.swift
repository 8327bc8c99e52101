import FolioCore
import FolioEmbedding
import Foundation
import Testing

@Suite struct LocalEmbedderTests {
    struct Reference: Decodable {
        struct Case: Decodable {
            var text: String
            var vector: [Float]
        }

        var cases: [Case]
    }

    static func cosine(_ a: [Float], _ b: [Float]) -> Float {
        zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// The same vectors as ONNX Runtime's Python API with Hugging Face's tokenizer and
    /// sentence-transformers' pooling (scripts/embedding-reference.py), alone and in a batch
    /// with padding.
    @Test func vectors_matchTheReferencePipeline() throws {
        let embedder = try InstalledModel.embedder.get()
        let reference = try JSONDecoder().decode(Reference.self, from: InstalledModel.fixture("minilm-reference.json"))
        let batch = try embedder.embed(reference.cases.map(\.text))
        for (item, batched) in zip(reference.cases, batch) {
            let single = try embedder.embed(item.text)
            #expect(single.count == 384)
            #expect(Self.cosine(single, item.vector) > 0.9999, "\(item.text.prefix(40))")
            #expect(Self.cosine(batched, item.vector) > 0.9999, "\(item.text.prefix(40)) in a batch")
        }
    }

    @Test func meaning_bringsAQuestionCloserToItsAnswerThanToAnUnrelatedText() throws {
        let embedder = try InstalledModel.embedder.get()
        let vectors = try embedder.embed(["how much did the car repair cost", "vehicle service invoice: 480 EUR",
                                          "the recipe needs two eggs and flour"])
        #expect(Self.cosine(vectors[0], vectors[1]) > Self.cosine(vectors[0], vectors[2]) + 0.1)
    }

    @Test func aMissingRuntime_isNamedWithWhereItWasLookedFor() throws {
        var options = FolioConfiguration.default.embeddings
        options.runtime = "/nonexistent/libonnxruntime.so.1"
        #expect(throws: EmbeddingError.notInstalled(what: "ONNX Runtime (libonnxruntime.so.1)", lookedIn: ["/nonexistent/libonnxruntime.so.1"])) {
            try LocalModelLocation.find(options: options, paths: InstalledModel.paths)
        }
    }

    @Test func aModelThatIsNotONNX_isARuntimeError() throws {
        var location = try InstalledModel.location()
        location.model = location.tokenizer
        #expect(throws: EmbeddingError.self) { try LocalEmbedder(location: location, name: "broken") }
    }
}
