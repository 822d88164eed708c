/// A deterministic source of the random spread added to intervals, so intervals do not clump.
///
/// Seeded from the card's id and how many reviews it has had, so replaying a review log always
/// gives the same schedule. Draws come from SplitMix64.
public struct Fuzz: Sendable, Equatable {
    public let seed: UInt64

    public init(seed: UInt64) {
        self.seed = seed
    }

    /// The fuzz for review number `reviewIndex` (0 for the first) of the card `cardID`.
    public init(cardID: String, reviewIndex: Int) {
        self.init(cardHash: Fuzz.cardHash(cardID), reviewIndex: reviewIndex)
    }

    /// The fuzz for review `reviewIndex` of the card whose id hashes to `cardHash`.
    public init(cardHash: UInt64, reviewIndex: Int) {
        seed = Fuzz.mix(cardHash ^ UInt64(truncatingIfNeeded: reviewIndex) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// FNV-1a-64 of a card id, the part of the seed that is the same for all its reviews.
    public static func cardHash(_ cardID: String) -> UInt64 { FNV1a.hash(cardID) }

    /// A number in [0, 1), the same every time for the same seed.
    public var unitValue: Double {
        Double(Fuzz.mix(seed &+ 0x9E37_79B9_7F4A_7C15) >> 11) / Double(UInt64(1) << 53)
    }

    /// SplitMix64's finalizer.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
