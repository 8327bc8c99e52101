public import FolioCore

/// The semantic stage's progress as `folioctl` shows it: "semantic: 41%, 12,345 of 30,112
/// windows, 22/s, 13 min left; 812 of 1,073 documents found by meaning".
public struct SemanticProgress: Sendable, Equatable, Codable {
    public var coverage: SemanticCoverage
    /// Windows embedded per second lately; `nil` when nothing is being embedded.
    public var rate: Double?
    /// The time left as the stage reckons it (`SemanticPace`: by the windows left of each
    /// length); `nil` while unknown.
    public var secondsLeft: Int?

    public init(coverage: SemanticCoverage, rate: Double?, secondsLeft: Int? = nil) {
        self.coverage = coverage
        self.rate = rate
        self.secondsLeft = secondsLeft
    }

    /// The windows still to embed, counting about three for each chunk not cut yet.
    public var remaining: Int {
        max(0, coverage.windows - coverage.embedded) + coverage.chunksWithoutWindows * 3
    }

    public var percent: Int {
        let total = coverage.embedded + remaining
        return total == 0 ? 100 : min(100, coverage.embedded * 100 / total)
    }

    public var line: String {
        if coverage.isComplete { return "semantic: complete, \(Self.grouped(coverage.embedded)) windows" }
        var text = "semantic: \(percent)%, \(Self.grouped(coverage.embedded)) of \(Self.grouped(coverage.embedded + remaining)) windows"
        if let rate { text += ", \(Int(rate.rounded()))/s" }
        if let seconds = secondsLeft { text += ", " + Self.duration(seconds) + " left" }
        if coverage.documents > 0 {
            text += "; \(Self.grouped(coverage.documentsWithMeaning)) of \(Self.grouped(coverage.documents)) documents found by meaning"
        }
        return text
    }

    /// Seconds under a minute, else whole minutes rounded up (7,190 s is "2 h 0 min", not "1 h 60 min").
    static func duration(_ seconds: Int) -> String {
        guard seconds >= 60 else { return "\(seconds) s" }
        let minutes = (seconds + 59) / 60
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// 12345 as "12,345".
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
