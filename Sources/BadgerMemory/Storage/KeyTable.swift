/// A fixed set of 64-bit keys, each with a place (`0..<count`), in about 10 bytes a key: a
/// dictionary of the same keys keeps up to twice as many slots as keys, 12 to 16 bytes each.
///
/// The keys are kept sorted by a mix of their bits (a bijection, so mixed keys are as distinct
/// as the keys), and a table of starts finds the few of them that share their top bits: a
/// lookup reads two or three cache lines whatever the keys are (ids, hashes or small numbers).
/// A caller keeps what belongs to each key in arrays indexed by its place.
public struct KeyTable: Sendable {
    /// The mixed keys, sorted.
    private let mixed: [UInt64]
    /// The keys with top bits `b` (of the mixed key) are `mixed[starts[b]..<starts[b + 1]]`.
    private let starts: [UInt32]
    private let shift: UInt64

    /// A table of no keys.
    public init() {
        mixed = []
        starts = [0, 0]
        // Every key in bucket 0 (a shift by 64 bits gives 0).
        shift = 64
    }

    /// The table of `keys`, and the place of each: `keys[i]` is at `places[i]` (a key given
    /// more than once has one place).
    public static func make(_ keys: [UInt64]) -> (table: KeyTable, places: [Int32]) {
        precondition(keys.count < Int(Int32.max), "too many keys")
        var order = keys.indices.map { (mixed: Self.mix(keys[$0]), index: Int32($0)) }
        order.sort { $0.mixed < $1.mixed }
        var places = [Int32](repeating: 0, count: keys.count)
        var distinct: [UInt64] = []
        distinct.reserveCapacity(order.count)
        for entry in order {
            if distinct.last != entry.mixed { distinct.append(entry.mixed) }
            places[Int(entry.index)] = Int32(distinct.count - 1)
        }
        return (KeyTable(sortedMixed: distinct), places)
    }

    /// The table of `keys` (a key may be given more than once), for telling whether it has a key.
    public init(_ keys: [UInt64]) {
        var mixed = keys.map(Self.mix)
        mixed.sort()
        var distinct = 0
        for index in mixed.indices where index == 0 || mixed[index] != mixed[distinct - 1] {
            mixed[distinct] = mixed[index]
            distinct += 1
        }
        mixed.removeLast(mixed.count - distinct)
        self.init(sortedMixed: mixed)
    }

    private init(sortedMixed: [UInt64]) {
        mixed = sortedMixed
        // About two keys a bucket.
        let bits = max(1, min(32, Int.bitWidth - max(1, mixed.count / 2).leadingZeroBitCount))
        shift = UInt64(64 - bits)
        var starts = [UInt32](repeating: 0, count: (1 << bits) + 1)
        for value in mixed { starts[Int(value >> shift) + 1] += 1 }
        for bucket in 0..<(1 << bits) { starts[bucket + 1] += starts[bucket] }
        self.starts = starts
    }

    /// How many keys.
    public var count: Int { mixed.count }

    /// The place of `key`, if the table has it.
    @inline(__always) public func place(of key: UInt64) -> Int? {
        let value = Self.mix(key)
        let bucket = Int(value >> shift)
        var low = Int(starts[bucket])
        var high = Int(starts[bucket + 1])
        while low < high {
            let middle = (low + high) / 2
            let found = mixed[middle]
            if found == value { return middle }
            if found < value { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The key at `place`.
    public func key(at place: Int) -> UInt64 { Self.unmix(mixed[place]) }

    /// Every key, in place order.
    public var keys: some Sequence<UInt64> { mixed.lazy.map(Self.unmix) }

    /// A bijection of 64-bit values that spreads any keys (murmur3's finalizer).
    static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x = (x ^ (x >> 33)) &* 0xff51_afd7_ed55_8ccd
        x = (x ^ (x >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return x ^ (x >> 33)
    }

    /// The inverse of `mix`.
    static func unmix(_ value: UInt64) -> UInt64 {
        var x = value
        x = (x ^ (x >> 33)) &* 0x9cb4_b2f8_1293_37db  // inverse of 0xc4ceb9fe1a85ec53
        x = (x ^ (x >> 33)) &* 0x4f74_430c_22a5_4005  // inverse of 0xff51afd7ed558ccd
        return x ^ (x >> 33)
    }
}
