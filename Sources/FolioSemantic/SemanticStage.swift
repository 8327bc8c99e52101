public import FolioCore
public import FolioProtocol
public import FolioEmbedding
public import FolioStore
internal import FolioSystem

/// The semantic stage: cuts the windows of chunks that have none, then gives each window
/// text without a vector of the configured model one, a batch at a time. Each batch is its
/// own transaction, so the work survives a restart or a kill -9 and goes on where it
/// stopped. When nothing is left, the model is marked complete, and the vectors of any
/// model it replaces are removed (they answered queries until then).
public final class SemanticStage {
    public let store: IndexStore
    public let embedder: any Embedder
    public let model: EmbeddingModelRecord

    public init(store: IndexStore, embedder: any Embedder) throws(StoreError) {
        self.store = store
        self.embedder = embedder
        model = try store.embeddingModel(provider: embedder.identity.provider.rawValue, name: embedder.identity.model)
    }

    /// Cuts the windows of every chunk that has none yet (hashing only: fast).
    public func cutWindows() throws(StoreError) {
        while true {
            let chunks = try store.chunksWithoutWindows(limit: 2000)
            if chunks.isEmpty { return }
            try store.saveWindows(chunks.map { chunk in
                (chunk.id, EmbeddingWindows.texts(title: chunk.title, section: chunk.section, text: chunk.text).map(EmbeddingWindows.key))
            })
        }
    }

    /// What a batch embedded: its windows, counted by length as `SemanticCoverage.windowsLeft`
    /// counts them, and the model's milliseconds for each length, which the time left is
    /// reckoned from (`SemanticPace`).
    public struct Batch: Sendable {
        public var lengths = WindowsByLength()
        public var modelMilliseconds = [Double](repeating: 0, count: WindowsByLength.steps)

        public var windows: Int { lengths.total }

        public init() {}
    }

    /// Embeds up to about `windows` window texts that have no vector (0 windows: the model
    /// is complete, and is now marked so). New chunks are cut once the windows already cut
    /// all have vectors, not at every batch.
    public func embedBatch(windows: Int = 64) throws(SemanticStageError) -> Batch {
        do {
            var pending: [Int64: String] = [:]
            var characters: [Int64: Int] = [:]
            var order: [Int64] = []
            let limit = max(1, windows / 2)
            var chunks = try store.chunksAwaitingVectors(model: model.id, limit: limit)
            if chunks.isEmpty {
                try cutWindows()
                chunks = try store.chunksAwaitingVectors(model: model.id, limit: limit)
            }
            for chunk in chunks {
                let texts = EmbeddingWindows.texts(title: chunk.title, section: chunk.section, text: chunk.text)
                let length = chunk.text.unicodeScalars.count / texts.count
                for text in texts {
                    let key = EmbeddingWindows.key(text)
                    if pending.updateValue(text, forKey: key) == nil { order.append(key) }
                    characters[key] = length
                }
            }
            let done = try store.keysWithVectors(model: model.id, among: order)
            order.removeAll { done.contains($0) }
            if order.isEmpty {
                if try store.semanticCoverage(model: model.id).isComplete { try store.completeModel(model.id) }
                return Batch()
            }
            var batch = Batch()
            for start in stride(from: 0, to: order.count, by: embedder.batchSize) {
                let keys = Array(order[start..<min(order.count, start + embedder.batchSize)])
                let began = MonotonicClock.seconds()
                let vectors = try embedder.embed(keys.map { pending[$0]! })
                let share = (MonotonicClock.seconds() - began) * 1000 / Double(keys.count)
                try store.saveVectors(model: model.id, zip(keys, vectors).map { ($0, QuantisedVector($1)) })
                for key in keys {
                    let length = characters[key]!
                    batch.lengths.add(1, characters: length)
                    batch.modelMilliseconds[WindowsByLength.step(characters: length)] += share
                }
            }
            return batch
        } catch let error as StoreError {
            throw .store(error)
        } catch let error as EmbeddingError {
            throw .embedding(error)
        } catch {
            throw .embedding(.runtime(reason: "\(error)"))
        }
    }

    public func coverage() throws(StoreError) -> SemanticCoverage {
        try store.semanticCoverage(model: model.id)
    }
}

/// Why the semantic stage stopped.
public enum SemanticStageError: Error, CustomStringConvertible {
    case store(StoreError)
    case embedding(EmbeddingError)

    public var description: String {
        switch self {
        case let .store(error): "\(error)"
        case let .embedding(error): "\(error)"
        }
    }
}

extension SemanticStage {
    /// What a run to completion did.
    public struct Summary: Sendable {
        public var embedded: Int
        public var milliseconds: Int64
        public var coverage: SemanticCoverage
    }

    /// Embeds until every window has a vector (`folioctl index`, in the foreground),
    /// calling `progress` after each batch.
    public func runToCompletion(progress: (SemanticProgress) -> Void) throws(SemanticStageError) -> Summary {
        let start = MonotonicClock.milliseconds()
        var meter = RateMeter(), pace = SemanticPace()
        meter.record(0, at: start)
        var embedded = 0
        var coverage: SemanticCoverage
        do { coverage = try self.coverage() } catch { throw .store(error) }
        var measured = start, previous = start
        while true {
            let batch = try embedBatch()
            let count = batch.windows
            let now = MonotonicClock.milliseconds()
            meter.record(count, at: now)
            pace.record(batch, wallMilliseconds: embedded == 0 ? nil : Double(now - previous), at: now)
            previous = now
            embedded += count
            // Counting the windows reads the whole table: every few seconds, and at the end.
            if count == 0 || now - measured > 3000 {
                do { coverage = try self.coverage() } catch { throw .store(error) }
                measured = now
            } else {
                coverage.embedded += count
                coverage.windowsLeft.subtract(batch.lengths)
            }
            progress(SemanticProgress(coverage: coverage, rate: meter.rate(at: now), secondsLeft: pace.secondsLeft(coverage.windowsLeft)))
            if count == 0 { return Summary(embedded: embedded, milliseconds: now - start, coverage: coverage) }
        }
    }
}
