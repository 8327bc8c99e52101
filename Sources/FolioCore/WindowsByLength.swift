/// Windows counted by their length in characters, in steps of 100 (the last step holds
/// every window of 1,500 characters or more): what the time left of the semantic stage is
/// reckoned from, since a window's cost follows its length (docs/benchmarks.md, "The first
/// hour") and the windows embedded first, each document's opening, are often short.
public struct WindowsByLength: Sendable, Equatable, Codable {
    public static let step = 100
    public static let steps = 16

    /// `counts[i]`: windows of `i * 100` to `i * 100 + 99` characters.
    public private(set) var counts: [Int]

    public init(counts: [Int] = []) {
        self.counts = (counts + [Int](repeating: 0, count: Self.steps)).prefix(Self.steps).map { max(0, $0) }
    }

    /// The step a window of `characters` falls in.
    public static func step(characters: Int) -> Int {
        min(steps - 1, max(0, characters) / step)
    }

    /// Characters in the middle of step `index`, what its windows are taken to hold.
    public static func typicalCharacters(step index: Int) -> Int {
        index * step + step / 2
    }

    public var total: Int { counts.reduce(0, +) }

    public mutating func add(_ count: Int, characters: Int) {
        counts[Self.step(characters: characters)] += count
    }

    /// Takes away the windows `done` counts (a batch just embedded), never below zero.
    public mutating func subtract(_ done: WindowsByLength) {
        for index in counts.indices { counts[index] = max(0, counts[index] - done.counts[index]) }
    }
}
