public import FolioCore
internal import FolioStore

/// The semantic stage's time left, reckoned from what its windows took by their length.
///
/// A window's cost follows its length, though not in proportion (a short one costs far
/// less; past a few hundred characters they cost about the same: docs/benchmarks.md, "The
/// first hour"). The stage embeds each document's opening first, and openings are often
/// short: a rate in windows (or in characters) measured on them says nothing of the rest.
/// So the model's milliseconds are kept for each length, and the windows left of each
/// length are priced at them. A length not seen yet is priced from its nearest neighbours.
/// The whole is scaled by how the last minute's batches took against that price, which
/// follows a machine that got busy and counts the time around the model (the database).
public struct SemanticPace: Sendable {
    /// Past the model's 256 tokens (about 1,000 characters) a window costs no more.
    static let longestPricedStep = 10

    let span: Int64
    private var milliseconds = [Double](repeating: 0, count: WindowsByLength.steps)
    private var windows = [Int](repeating: 0, count: WindowsByLength.steps)
    private var recent: [(time: Int64, wallMilliseconds: Double, lengths: WindowsByLength)] = []

    public init(spanMilliseconds: Int64 = 60_000) {
        span = spanMilliseconds
    }

    /// A batch ending at `time`, `wallMilliseconds` after the one before it ended: the
    /// time around the model included. `nil` for a batch with no batch just before it
    /// (the first, which cuts every chunk's windows, or the first after a pause): its
    /// model's times count, its wall time does not.
    public mutating func record(_ batch: SemanticStage.Batch, wallMilliseconds: Double?, at time: Int64) {
        guard batch.windows > 0 else { return }
        for step in 0..<WindowsByLength.steps where batch.lengths.counts[step] > 0 {
            milliseconds[step] += batch.modelMilliseconds[step]
            windows[step] += batch.lengths.counts[step]
        }
        recent.removeAll { $0.time < time - span }
        if let wallMilliseconds { recent.append((time, wallMilliseconds, batch.lengths)) }
    }

    /// The model's milliseconds for a window of `step`'s length: measured, or from the
    /// nearest measured lengths (between two, on the line through them; beyond the
    /// measured, in proportion to length up to the model's 256 tokens); `nil` before any.
    func price(step: Int) -> Double? {
        if windows[step] > 0 { return milliseconds[step] / Double(windows[step]) }
        let measured = (0..<WindowsByLength.steps).filter { windows[$0] > 0 }
        let below = measured.last { $0 < step }, above = measured.first { $0 > step }
        func length(_ step: Int) -> Double { Double(WindowsByLength.typicalCharacters(step: min(step, Self.longestPricedStep))) }
        switch (below, above) {
        case let (low?, high?):
            let (lowPrice, highPrice) = (price(step: low)!, price(step: high)!)
            return lowPrice + (highPrice - lowPrice) * Double(step - low) / Double(high - low)
        case let (low?, nil):
            return price(step: low)! * length(step) / length(low)
        case let (nil, high?):
            return price(step: high)! * length(step) / length(high)
        case (nil, nil):
            return nil
        }
    }

    func price(_ lengths: WindowsByLength) -> Double? {
        var total = 0.0
        for step in 0..<WindowsByLength.steps where lengths.counts[step] > 0 {
            guard let price = price(step: step) else { return nil }
            total += price * Double(lengths.counts[step])
        }
        return total
    }

    /// Seconds to embed `left` at the pace of the last minute; `nil` before two batches in a row.
    public func secondsLeft(_ left: WindowsByLength) -> Int? {
        guard !recent.isEmpty, let expected = price(left) else { return nil }
        var took = 0.0, priced = 0.0
        for batch in recent {
            took += batch.wallMilliseconds
            priced += price(batch.lengths) ?? 0
        }
        guard priced > 0 else { return nil }
        return Int((expected * took / priced / 1000).rounded(.up))
    }
}
