/// Review times in seconds, read like an array of `Double`: kept as 32-bit offsets from the first
/// while every time is a whole number of seconds within 68 years of it (4 bytes a review instead
/// of 8; the logs' times are whole seconds), and as they are from the first time that is not.
public struct SecondsColumn: RandomAccessCollection, Equatable, Sendable {
    private var base = 0.0
    private var offsets: [Int32] = []
    private var wide: [Double] = []
    private var isWide = false

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { isWide ? wide.count : offsets.count }

    @inline(__always) public subscript(index: Int) -> Double { isWide ? wide[index] : base + Double(offsets[index]) }

    public mutating func reserveCapacity(_ count: Int) {
        if isWide { wide.reserveCapacity(count) } else { offsets.reserveCapacity(count) }
    }

    /// Appends a time at the end.
    @inline(__always) public mutating func append(_ time: Double) {
        if !isWide {
            // Whole seconds, not -0, small enough that every sum and difference is exact.
            if time.rounded(.towardZero) == time, abs(time) <= 9_007_199_254_740_992, !(time == 0 && time.sign == .minus) {
                if offsets.isEmpty { base = time }
                if let offset = Int32(exactly: time - base) {
                    offsets.append(offset)
                    return
                }
            }
            widen()
        }
        wide.append(time)
    }

    /// Keeps every time as it is from now on.
    private mutating func widen() {
        wide.reserveCapacity(offsets.capacity)
        for offset in offsets { wide.append(base + Double(offset)) }
        offsets = []
        isWide = true
    }

    public static func == (lhs: SecondsColumn, rhs: SecondsColumn) -> Bool { lhs.elementsEqual(rhs) }
}
