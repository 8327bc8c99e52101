/// Windows embedded per second over the last `span` milliseconds: recent
/// enough to follow a machine that got busy, long enough not to jump with each batch.
public struct RateMeter: Sendable {
    let span: Int64
    private var samples: [(time: Int64, count: Int)] = []

    public init(spanMilliseconds: Int64 = 60_000) {
        span = spanMilliseconds
    }

    public mutating func record(_ count: Int, at time: Int64) {
        samples.append((time, count))
        samples.removeAll { $0.time < time - span }
    }

    /// `nil` until two batches span some time.
    public func rate(at time: Int64) -> Double? {
        let recent = samples.filter { $0.time >= time - span }
        guard let first = recent.first, let last = recent.last, last.time > first.time else { return nil }
        let counted = recent.dropFirst().reduce(0) { $0 + $1.count }
        return Double(counted) * 1000 / Double(last.time - first.time)
    }
}
