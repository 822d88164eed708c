/// A SplitMix64 random number generator with an explicit seed, so the optimizer's shuffles and
/// the workload simulation give the same result on every run and every machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Fuzz.mix(state)
    }

    /// A number in [0, 1).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
