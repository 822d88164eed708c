import Foundation

/// A column of numbers that are almost all zero, read like an array: only the others are kept,
/// so a column that one record in a hundred uses costs nothing for the rest (a review log's
/// content ids and renamed ids, which only `card`, `rename` and `undone` lines have).
public struct SparseColumn: RandomAccessCollection, Sendable {
    /// The values that are not zero, by index.
    private var values: [Int: UInt64] = [:]
    public private(set) var endIndex = 0

    public init() {}

    public var startIndex: Int { 0 }

    public subscript(index: Int) -> UInt64 {
        precondition(index >= 0 && index < endIndex, "index out of range")
        return values.isEmpty ? 0 : values[index] ?? 0
    }

    /// Appends a value at the end.
    public mutating func append(_ value: UInt64) {
        if value != 0 { values[endIndex] = value }
        endIndex += 1
    }
}
