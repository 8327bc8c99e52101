/// SplitMix64: a small seeded generator, so property tests are repeatable. A failing
/// seed is printed by the test and reproduces the case.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A word that no other call returns (a counter spelled in letters), so tests can
    /// find each word again.
    public mutating func uniqueWord(_ counter: inout Int) -> String {
        counter += 1
        var value = counter
        var word = ""
        repeat {
            word.append(Character(Unicode.Scalar(UInt8(97 + value % 26))))
            value /= 26
        } while value > 0
        return "w" + word
    }
}
