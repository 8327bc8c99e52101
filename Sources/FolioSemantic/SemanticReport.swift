public import FolioProtocol
public import FolioCore
internal import FolioEmbedding
public import FolioStore

/// The semantic stage as `folioctl status` shows it, whether or not foliod and its
/// embedder run: the configured model, how far its vectors are, why it is off if it is.
public struct SemanticReport: Sendable, Encodable, Equatable {
    /// `provider:model`.
    public var model: String
    /// Why there is no search by meaning, in one line; `nil` when it is on.
    public var off: String?
    public var progress: SemanticProgress?
    public var embedder: EmbedderStatus?

    /// Asks the embedder process if one runs, else reads the index; checks that the model
    /// can run here. An embedder that has not counted yet (paused since its start while
    /// foliod indexes, or before its first batch) has no progress of its own: the index's
    /// count is shown then, not "no vectors yet" over an index that holds them.
    public static func gather(options: EmbeddingOptions, paths: FolioPaths, reader: IndexReader?) -> SemanticReport {
        let name = "\(options.provider.rawValue):\(options.model)"
        guard options.provider != .none else { return SemanticReport(model: name, off: "[embeddings] provider = \"none\"") }
        if let status = EmbedderClient.send(.status, socket: paths.embedderSocket, timeoutMilliseconds: 2000)?.status {
            return SemanticReport(model: status.model, off: nil, progress: status.progress ?? stored(options, reader: reader), embedder: status)
        }
        var off: String?
        if options.provider == .local {
            do {
                _ = try LocalModelLocation.find(options: options, paths: paths)
            } catch {
                off = "\(error)"
            }
        }
        return SemanticReport(model: name, off: off, progress: stored(options, reader: reader))
    }

    /// How far the configured model's vectors are, as the index holds them.
    private static func stored(_ options: EmbeddingOptions, reader: IndexReader?) -> SemanticProgress? {
        guard let reader, let record = try? reader.embeddingModel(provider: options.provider.rawValue, name: options.model),
              let coverage = try? reader.semanticCoverage(model: record.id) else { return nil }
        return SemanticProgress(coverage: coverage, rate: nil)
    }

    init(model: String, off: String?, progress: SemanticProgress? = nil, embedder: EmbedderStatus? = nil) {
        self.model = model
        self.off = off
        self.progress = progress
        self.embedder = embedder
    }

    /// "semantic: 41%, 12,345 of 30,112 windows, 22/s, 13 min left (local:all-MiniLM-L6-v2)"
    /// and a line for the embedder process.
    public var lines: String {
        if let off { return "semantic: off: \(off)\n" }
        var text = (progress?.line ?? "semantic: no vectors yet") + " (\(model))\n"
        if let embedder {
            text += "embedder: pid \(embedder.pid), \(embedder.residentKiB / 1024) MiB" + (embedder.paused ? ", paused while foliod indexes" : "") + "\n"
            if let error = embedder.lastError { text += "embedder: last error: \(error)\n" }
        }
        return text
    }
}
