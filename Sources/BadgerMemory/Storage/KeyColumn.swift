/// The card keys of a review log's records, read like an array of `UInt64`: each distinct key
/// kept once, and per record its place among them (4 bytes a record instead of 8: a log names
/// far fewer cards than it has records).
public struct KeyColumn: RandomAccessCollection, Sendable {
    private var distinct: [UInt64] = []
    private var places: [UInt32] = []
    /// Each distinct key's place, while keys are appended in bulk (see `dropIndex()`).
    private var placeOfKey: [UInt64: UInt32] = [:]
    /// Whether `placeOfKey` is kept; without it, the few keys appended later are found by
    /// searching `distinct` (until enough come to make it worth keeping again).
    private var indexed = true
    private var appendedUnindexed = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { places.count }

    @inline(__always) public subscript(index: Int) -> UInt64 { distinct[Int(places[index])] }

    /// How many distinct keys the column holds.
    public var distinctCount: Int { distinct.count }

    /// The place among the distinct keys of the key at `index` (0 up to, not including, `distinctCount`):
    /// records of the same key have the same place, so a caller can keep what it knows of each
    /// key in an array by place instead of a dictionary by key.
    @inline(__always) public func place(at index: Int) -> Int { Int(places[index]) }

    /// The key at place `place`.
    @inline(__always) public func key(atPlace place: Int) -> UInt64 { distinct[place] }

    /// How many keys the column has room for.
    public var capacity: Int { places.capacity }

    public mutating func reserveCapacity(_ count: Int) { places.reserveCapacity(count) }

    /// Appends a key at the end.
    @inline(__always) public mutating func append(_ key: UInt64) {
        if !indexed {
            appendedUnindexed += 1
            if appendedUnindexed > 64 {
                rebuildIndex()
            } else {
                let place = distinct.lastIndex(of: key) ?? distinct.count
                if place == distinct.count { distinct.append(key) }
                places.append(UInt32(place))
                return
            }
        }
        if let place = placeOfKey[key] {
            places.append(place)
        } else {
            let place = UInt32(distinct.count)
            distinct.append(key)
            placeOfKey[key] = place
            places.append(place)
        }
    }

    /// Lets the index of distinct keys go once the column is read (about 40 bytes a distinct
    /// key): a log read whole is appended to a few records at a time, if at all.
    public mutating func dropIndex() {
        placeOfKey = [:]
        indexed = false
        appendedUnindexed = 0
    }

    private mutating func rebuildIndex() {
        placeOfKey.reserveCapacity(distinct.count)
        for (place, key) in distinct.enumerated() { placeOfKey[key] = UInt32(place) }
        indexed = true
    }
}
