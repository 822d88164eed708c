/// A 64-bit hash that is the same in every process and on every machine (Swift's `Hasher` is
/// seeded per process), fed bytes in parts of any size: what is fed, not how it was cut,
/// decides the hash. Eight bytes at a time (MurmurHash3's 64-bit mixing), for texts of
/// megabytes. Not for security: it tells a cache that still matches from one that does not.
public struct StableHasher: Sendable {
    private var state: UInt64
    /// Bytes fed that do not fill a word yet, the first in the lowest byte.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var length: UInt64 = 0

    public init(seed: UInt64 = 0) { state = seed ^ 0x9E37_79B9_7F4A_7C15 }

    /// Feeds `bytes`.
    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var index = 0
        while pendingCount > 0, index < bytes.count {
            pending |= UInt64(bytes[index]) << UInt64(8 * pendingCount)
            pendingCount += 1
            index += 1
            if pendingCount == 8 {
                mix(pending)
                pending = 0
                pendingCount = 0
            }
        }
        while index + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            pending |= UInt64(bytes[index]) << UInt64(8 * pendingCount)
            pendingCount += 1
            index += 1
        }
    }

    /// Feeds the eight bytes of `value`.
    public mutating func combine(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { combine($0) }
    }

    /// Feeds `text`'s UTF-8 bytes after their count, so that ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ text: String) {
        combine(UInt64(text.utf8.count))
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    /// The hash of everything fed.
    public func finalize() -> UInt64 {
        var copy = self
        copy.mix(copy.pending ^ UInt64(copy.pendingCount) << 59)
        var hash = copy.state ^ copy.length
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }

    @inline(__always) private mutating func mix(_ word: UInt64) {
        var mixed = word &* 0x87c3_7b91_1142_53d5
        mixed = mixed << 31 | mixed >> 33
        mixed &*= 0x4cf5_ad43_2745_937f
        state ^= mixed
        state = (state << 27 | state >> 37) &* 5 &+ 0x52dc_e729
    }
}
