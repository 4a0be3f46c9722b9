/// SplitMix64: a tiny, fast, seeded random generator. The same seed gives the same sequence on
/// every machine, so a randomised test that fails names the seed that replays it exactly:
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let width = Double.random(in: 0...100, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state: the seed, advanced once per number.
    public private(set) var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
