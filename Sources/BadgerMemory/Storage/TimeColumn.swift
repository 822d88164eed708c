/// The times of a review log's records (seconds since 1970), read like an array of `Int64`:
/// kept as 32-bit offsets from the first (4 bytes a record instead of 8) while every time is
/// within 68 years of it, and as they are from the first time that is not.
public struct TimeColumn: RandomAccessCollection, Sendable {
    private var base: Int64 = 0
    private var offsets: [Int32] = []
    private var wide: [Int64] = []
    private var isWide = false

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { isWide ? wide.count : offsets.count }

    @inline(__always) public subscript(index: Int) -> Int64 { isWide ? wide[index] : base + Int64(offsets[index]) }

    /// How many times the column has room for.
    public var capacity: Int { isWide ? wide.capacity : offsets.capacity }

    public mutating func reserveCapacity(_ count: Int) {
        if isWide { wide.reserveCapacity(count) } else { offsets.reserveCapacity(count) }
    }

    /// Appends a time at the end.
    @inline(__always) public mutating func append(_ time: Int64) {
        if !isWide {
            if offsets.isEmpty { base = time }
            let (difference, overflow) = time.subtractingReportingOverflow(base)
            if !overflow, let offset = Int32(exactly: difference) {
                offsets.append(offset)
                return
            }
            widen()
        }
        wide.append(time)
    }

    /// Keeps every time as it is from now on.
    private mutating func widen() {
        wide.reserveCapacity(offsets.capacity)
        for offset in offsets { wide.append(base + Int64(offset)) }
        offsets = []
        isWide = true
    }
}
