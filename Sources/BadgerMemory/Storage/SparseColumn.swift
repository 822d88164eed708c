import Foundation

/// A column of numbers that are almost all zero, read like an array: only the others are kept,
/// so a column that one record in a hundred uses costs nothing for the rest (a review log's
/// content ids and renamed ids, which only `card`, `rename` and `undone` lines have).
public struct SparseColumn: RandomAccessCollection, Sendable {
    /// The indices of the values that are not zero, ascending, and those values: two arrays
    /// rather than a dictionary by index (about 40 bytes a value less).
    private var positions: [Int] = []
    private var values: [UInt64] = []
    public private(set) var endIndex = 0

    public init() {}

    public var startIndex: Int { 0 }

    public subscript(index: Int) -> UInt64 {
        precondition(index >= 0 && index < endIndex, "index out of range")
        guard !values.isEmpty else { return 0 }
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < positions.count && positions[low] == index ? values[low] : 0
    }

    /// Appends a value at the end.
    public mutating func append(_ value: UInt64) {
        if value != 0 {
            positions.append(endIndex)
            values.append(value)
        }
        endIndex += 1
    }
}
