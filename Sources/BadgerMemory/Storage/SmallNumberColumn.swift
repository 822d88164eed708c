/// Numbers of a review log's records that are almost always small (answer milliseconds: a study
/// session caps them at 60,000), read like an array of `UInt32`: 2 bytes each while every value
/// is below 65,535 or absent (`CompactLog.absent`), and 4 from the first value that is not.
public struct SmallNumberColumn: RandomAccessCollection, Sendable {
    private var narrow: [UInt16] = []
    private var wide: [UInt32] = []
    private var isWide = false

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { isWide ? wide.count : narrow.count }

    @inline(__always) public subscript(index: Int) -> UInt32 {
        if isWide { return wide[index] }
        let value = narrow[index]
        return value == UInt16.max ? CompactLog.absent : UInt32(value)
    }

    /// How many numbers the column has room for.
    public var capacity: Int { isWide ? wide.capacity : narrow.capacity }

    public mutating func reserveCapacity(_ count: Int) {
        if isWide { wide.reserveCapacity(count) } else { narrow.reserveCapacity(count) }
    }

    /// Appends a number (or `CompactLog.absent`) at the end.
    @inline(__always) public mutating func append(_ value: UInt32) {
        if !isWide {
            if value == CompactLog.absent {
                narrow.append(UInt16.max)
                return
            }
            if value < UInt32(UInt16.max) {
                narrow.append(UInt16(value))
                return
            }
            widen()
        }
        wide.append(value)
    }

    /// Keeps every number in 4 bytes from now on.
    private mutating func widen() {
        wide.reserveCapacity(narrow.capacity)
        for value in narrow { wide.append(value == UInt16.max ? CompactLog.absent : UInt32(value)) }
        narrow = []
        isWide = true
    }
}
