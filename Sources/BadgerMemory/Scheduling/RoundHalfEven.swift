extension Double {
    /// Python's `round(x)`: to the nearest integer, halves to the even neighbour (2.5 → 2, 3.5 → 4).
    var roundedHalfEven: Double { rounded(.toNearestOrEven) }

    /// `round(x)` as an Int, clamped to `bounds` first so huge or infinite values cannot trap; NaN
    /// gives the lower bound.
    func roundedHalfEven(clampedTo bounds: ClosedRange<Int>) -> Int {
        let value = roundedHalfEven
        guard value >= Double(bounds.lowerBound) else { return bounds.lowerBound }
        guard value < Double(bounds.upperBound) else { return bounds.upperBound }
        return Int(value)
    }
}
