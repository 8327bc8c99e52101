internal import COnnxRuntime
public import FolioCore
internal import Glibc

/// A sentence-transformer run on this machine by ONNX Runtime: WordPiece tokens in, the
/// mean of the last hidden state over the attended tokens out, scaled to unit length (what
/// all-MiniLM-L6-v2's own pooling and normalisation modules do).
public final class LocalEmbedder: Embedder, @unchecked Sendable {
    public let identity: EmbeddingModelIdentity
    /// One window per run: as fast as batches on two cores (no padding to the longest of a
    /// batch), and the least memory (docs/benchmarks.md).
    public let batchSize = 1
    /// The model's window, in tokens with `[CLS]` and `[SEP]`: all-MiniLM-L6-v2 was trained
    /// on 256 and reads no further.
    let maxTokens: Int
    let tokenizer: WordPieceTokenizer
    /// The session is safe to run from several threads at once (ONNX Runtime's `Run`).
    private let session: OpaquePointer

    /// Opens the model; `threads` intra-op threads (0: one per core).
    public init(location: LocalModelLocation, name: String, threads: Int = 0, maxTokens: Int = 256) throws(EmbeddingError) {
        tokenizer = try WordPieceTokenizer(contentsOf: location.tokenizer)
        var error = [CChar](repeating: 0, count: 1024)
        guard let session = folio_onnx_open(location.runtime, location.model, Int32(threads), &error, error.count) else {
            throw .runtime(reason: String(cMessage: error) + " (model \(location.model), runtime \(location.runtime))")
        }
        self.session = session
        self.maxTokens = maxTokens
        identity = EmbeddingModelIdentity(provider: .local, model: name)
    }

    deinit {
        folio_onnx_close(session)
    }

    /// One malloc arena for the process, set before its threads start: the embedder's
    /// threads and the runtime's would otherwise each keep an arena of freed memory.
    public static func useOneMallocArena() {
        folio_onnx_single_malloc_arena()
    }

    /// Gives the memory runs freed back to the system.
    public static func returnFreedMemory() {
        folio_onnx_return_memory()
    }

    public func embed(_ texts: [String]) throws(EmbeddingError) -> [[Float]] {
        guard !texts.isEmpty else { return [] }
        let encoded = texts.map { tokenizer.encode($0, maxLength: maxTokens) }
        let length = encoded.map(\.count).max() ?? 2
        var ids = [Int64](repeating: Int64(tokenizer.paddingID), count: texts.count * length)
        var mask = [Int64](repeating: 0, count: texts.count * length)
        for (row, tokens) in encoded.enumerated() {
            for (column, token) in tokens.enumerated() {
                ids[row * length + column] = Int64(token)
                mask[row * length + column] = 1
            }
        }
        let capacity = texts.count * 4096
        var pooled = [Float](repeating: 0, count: capacity)
        var error = [CChar](repeating: 0, count: 1024)
        let dimension = folio_onnx_run_pooled(session, ids, mask, Int64(texts.count), Int64(length), &pooled, capacity, &error, error.count)
        guard dimension > 0 else { throw .runtime(reason: String(cMessage: error)) }
        return (0..<texts.count).map { row in normalised(Array(pooled[(row * dimension)..<((row + 1) * dimension)])) }
    }
}

/// Where a local model's files are: found from the configuration and the data folders, so
/// that a missing piece is named with the places looked in.
public struct LocalModelLocation: Sendable, Equatable {
    public var model: String
    public var tokenizer: String
    public var runtime: String

    public init(model: String, tokenizer: String, runtime: String) {
        self.model = model
        self.tokenizer = tokenizer
        self.runtime = runtime
    }

    /// The runtime library's file name in `folio/onnxruntime`.
    public static let runtimeFileName = "libonnxruntime.so.1"

    /// Resolves `[embeddings] model` and `runtime` against the data folders.
    public static func find(options: EmbeddingOptions, paths: FolioPaths) throws(EmbeddingError) -> LocalModelLocation {
        let modelFolders = options.model.contains("/")
            ? [paths.expandingTilde(options.model)]
            : paths.dataDirectories.map { "\($0)/models/\(options.model)" }
        guard let folder = modelFolders.first(where: { exists($0 + "/model.onnx") && exists($0 + "/tokenizer.json") }) else {
            throw .notInstalled(what: "the embedding model \(options.model) (model.onnx and tokenizer.json)", lookedIn: modelFolders)
        }
        let runtimes = options.runtime.isEmpty
            ? paths.dataDirectories.map { "\($0)/onnxruntime/\(runtimeFileName)" }
            : [paths.expandingTilde(options.runtime)]
        guard let runtime = runtimes.first(where: exists) else {
            throw .notInstalled(what: "ONNX Runtime (\(runtimeFileName))", lookedIn: runtimes)
        }
        return LocalModelLocation(model: folder + "/model.onnx", tokenizer: folder + "/tokenizer.json", runtime: runtime)
    }

    private static func exists(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }
}
