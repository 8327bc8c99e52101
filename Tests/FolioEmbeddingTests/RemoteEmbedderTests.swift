import FolioCore
import FolioEmbedding
import Foundation
import FolioTestSupport
import Testing

/// The Ollama and OpenAI-compatible providers against a local server speaking their exact
/// wire formats (Fixtures/embedding-server.py), through the real libcurl.
@Suite(.serialized) struct RemoteEmbedderTests {
    final class Server {
        let fixture: FixtureServer
        var port: Int { fixture.port }

        init() throws {
            fixture = try FixtureServer(script: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/embedding-server.py"))
        }

        func options(_ provider: EmbeddingOptions.Provider, model: String, path: String = "") -> EmbeddingOptions {
            var options = FolioConfiguration.default.embeddings
            options.provider = provider
            options.model = model
            options.url = "http://127.0.0.1:\(port)\(path)"
            return options
        }
    }

    static let paths = FolioPaths(environment: ["HOME": "/nonexistent"])

    static func cosine(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }

    @Test func ollama_givesUnitVectorsInOrder() throws {
        let server = try Server()
        let embedder = try RemoteEmbedder(options: server.options(.ollama, model: "nomic-embed-text"), paths: Self.paths, environment: [:])
        let vectors = try embedder.embed(["brake pads oil change", "oil change brake pads", "flour eggs salt"])
        #expect(vectors.count == 3 && vectors.allSatisfy { $0.count == 8 })
        #expect(abs(Self.cosine(vectors[0], vectors[0]) - 1) < 0.0001)
        #expect(Self.cosine(vectors[0], vectors[1]) > 0.999)
        #expect(Self.cosine(vectors[0], vectors[2]) < 0.99)
        #expect(embedder.identity == EmbeddingModelIdentity(provider: .ollama, model: "nomic-embed-text"))
    }

    @Test func ollama_aMissingModel_saysHowToPullIt() throws {
        let server = try Server()
        let embedder = try RemoteEmbedder(options: server.options(.ollama, model: "all-minilm"), paths: Self.paths, environment: [:])
        #expect(throws: EmbeddingError.server(url: "http://127.0.0.1:\(server.port)/api/embed",
                                              reason: "HTTP 404: model \"all-minilm\" not found, try pulling it first (pull it: `ollama pull all-minilm`)")) {
            try embedder.embed(["text"])
        }
    }

    @Test func openai_readsTheKeyFromTheEnvironment_andOrdersByIndex() throws {
        let server = try Server()
        let options = server.options(.openai, model: "text-embedding-3-small", path: "/v1")
        let embedder = try RemoteEmbedder(options: options, paths: Self.paths, environment: ["OPENAI_API_KEY": "sk-test"])
        let texts = ["first text", "second one", "third and last"]
        let batch = try embedder.embed(texts)
        for (index, text) in texts.enumerated() {
            #expect(Self.cosine(batch[index], try embedder.embed(text)) > 0.9999, "vector \(index) out of order")
        }
    }

    @Test func openai_aRefusedKey_isExplained() throws {
        let server = try Server()
        let embedder = try RemoteEmbedder(options: server.options(.openai, model: "m", path: "/v1"), paths: Self.paths,
                                          environment: ["OPENAI_API_KEY": "sk-wrong"])
        #expect(throws: EmbeddingError.server(url: "http://127.0.0.1:\(server.port)/v1/embeddings",
                                              reason: "HTTP 401: Incorrect API key provided. (check the API key: [embeddings] api_key_file or OPENAI_API_KEY)")) {
            try embedder.embed(["text"])
        }
    }

    @Test func openai_keyFile_mustBeReadableByItsOwnerOnly() throws {
        let server = try Server()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("folio-key-\(getpid())")
        try Data("sk-test\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var options = server.options(.openai, model: "m", path: "/v1")
        options.apiKeyFile = file.path
        chmod(file.path, 0o644)
        #expect(throws: EmbeddingError.modelFile(path: file.path, reason: "(the API key file) can be read by others; chmod 600 it")) {
            try RemoteEmbedder(options: options, paths: Self.paths, environment: [:])
        }
        chmod(file.path, 0o600)
        let embedder = try RemoteEmbedder(options: options, paths: Self.paths, environment: ["OPENAI_API_KEY": "sk-wrong"])
        #expect(try embedder.embed(["the file's key wins"]).count == 1)
    }

    @Test func aReplyThatIsNotJSON_isMalformed_andNoServer_isAServerError() throws {
        let server = try Server()
        let broken = try RemoteEmbedder(options: server.options(.ollama, model: "broken"), paths: Self.paths, environment: [:])
        #expect {
            try broken.embed(["text"])
        } throws: { error in
            if case .malformedReply = error as? EmbeddingError { return true }
            return false
        }
        var options = server.options(.ollama, model: "nomic-embed-text")
        options.url = "http://127.0.0.1:1"
        let nowhere = try RemoteEmbedder(options: options, paths: Self.paths, environment: [:])
        #expect {
            try nowhere.embed(["text"])
        } throws: { error in
            if case let .server(url, _) = error as? EmbeddingError { return url == "http://127.0.0.1:1/api/embed" }
            return false
        }
    }
}
