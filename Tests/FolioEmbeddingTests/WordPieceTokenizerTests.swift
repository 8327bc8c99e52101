import FolioEmbedding
import Foundation
import Testing

@Suite struct WordPieceTokenizerTests {
    struct Reference: Decodable {
        struct Case: Decodable {
            var text: String
            var tokens: [String]
        }

        var cases: [Case]
    }

    /// Token for token against Hugging Face's `tokenizers` (scripts/tokenizer-reference.py):
    /// accents, Greek final sigma, CJK, emoji, over-long words, control characters, and
    /// lines of the benchmark corpus.
    @Test func tokens_matchHuggingFaceTokenizers() throws {
        let tokenizer = try WordPieceTokenizer(contentsOf: InstalledModel.location().tokenizer)
        let reference = try JSONDecoder().decode(Reference.self, from: InstalledModel.fixture("wordpiece-reference.json"))
        #expect(reference.cases.count > 400)
        var differing: [String] = []
        for item in reference.cases where tokenizer.tokens(item.text) != item.tokens {
            differing.append("\(item.text.prefix(80)): \(tokenizer.tokens(item.text).prefix(20)) ≠ \(item.tokens.prefix(20))")
        }
        #expect(differing.isEmpty, "\(differing.count) of \(reference.cases.count) differ:\n\(differing.prefix(5).joined(separator: "\n"))")
    }

    @Test func encode_addsSpecialTokens_andTruncatesToTheWindow() throws {
        let tokenizer = try WordPieceTokenizer(contentsOf: InstalledModel.location().tokenizer)
        let ids = tokenizer.encode(String(repeating: "word ", count: 1000), maxLength: 256)
        #expect(ids.count == 256)
        #expect(ids.first == tokenizer.classifierID && ids.last == tokenizer.separatorID)
        #expect(tokenizer.encode("", maxLength: 256) == [tokenizer.classifierID, tokenizer.separatorID])
    }

    @Test func aFileThatIsNotATokenizer_isRefusedWithItsPath() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-tokenizer-\(getpid()).json").path
        try Data("{\"model\": {\"type\": \"BPE\", \"vocab\": {}}}".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: EmbeddingError.modelFile(path: path, reason: "describes a BPE tokenizer; Folio reads WordPiece (BERT-style) models")) {
            try WordPieceTokenizer(contentsOf: path)
        }
    }
}
