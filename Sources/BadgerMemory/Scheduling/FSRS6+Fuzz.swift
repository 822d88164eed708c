extension FSRS6 {
    /// py-fsrs's `FUZZ_RANGES`: from `start` days to `end` days, an interval may move by `factor`
    /// of the days in that range (plus one day overall).
    static let fuzzRanges: [(start: Double, end: Double, factor: Double)] = [
        (2.5, 7.0, 0.15),
        (7.0, 20.0, 0.1),
        (20.0, .infinity, 0.05),
    ]

    /// The smallest and largest fuzzed interval for `days`, py-fsrs's `_get_fuzz_range`.
    func fuzzRange(days: Int) -> ClosedRange<Int> {
        var delta = 1.0
        for range in Self.fuzzRanges {
            delta += range.factor * max(min(Double(days), range.end) - range.start, 0.0)
        }
        var minimum = (Double(days) - delta).roundedHalfEven(clampedTo: Int.min...Int.max)
        var maximum = (Double(days) + delta).roundedHalfEven(clampedTo: Int.min...Int.max)
        minimum = max(2, minimum)
        maximum = min(maximum, maximumInterval)
        minimum = min(minimum, maximum)
        return minimum...maximum
    }

    /// py-fsrs's `_get_fuzzed_interval` for a whole-day interval, with `unitValue` (in [0, 1)) in
    /// place of `random.random()`. Intervals under 2.5 days are not fuzzed.
    func fuzzedDays(_ days: Int, unitValue: Double) -> Int {
        guard Double(days) >= 2.5 else { return days }
        let range = fuzzRange(days: days)
        let fuzzed = (unitValue * Double(range.upperBound - range.lowerBound + 1)) + Double(range.lowerBound)
        return min(fuzzed.roundedHalfEven(clampedTo: Int.min...Int.max), maximumInterval)
    }
}
