/// FNV-1a, 64 bits: the hash that derives stable ids from text (fuzz seeds, new identity keys,
/// ids of records and notes imported from or exported to Anki).
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        var hash = offsetBasis
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    /// The hash of `parts` joined by U+001F (a separator no part contains), so that
    /// ("ab", "c") and ("a", "bc") differ.
    public static func hash(_ parts: [String]) -> UInt64 { hash(parts.joined(separator: "\u{1F}")) }
}
