/// The record ids of a review log, read like an array of `UInt64`: eight bytes a record, or,
/// once the ids of the reviews are no longer needed (`forgetting(_:)`), only those of the other
/// records (`card`, `retired`, `suspended` … lines), a forgotten id reading as 0.
public struct RecordIDColumn: RandomAccessCollection, Sendable {
    private var dense: [UInt64] = []
    private var sparse: SparseColumn?

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { sparse?.endIndex ?? dense.count }

    @inline(__always) public subscript(index: Int) -> UInt64 {
        if let sparse { return sparse[index] }
        return dense[index]
    }

    /// How many ids the column has room for (any number once sparse).
    public var capacity: Int { sparse == nil ? dense.capacity : Int.max }

    public mutating func reserveCapacity(_ count: Int) {
        if sparse == nil { dense.reserveCapacity(count) }
    }

    /// Appends an id at the end.
    @inline(__always) public mutating func append(_ id: UInt64) {
        if sparse != nil {
            sparse!.append(id)
        } else {
            dense.append(id)
        }
    }

    /// The same ids but those at the indices `forget` says yes to, which read as 0 from now on,
    /// kept only where they are not 0.
    public func forgetting(_ forget: (Int) -> Bool) -> RecordIDColumn {
        var kept = SparseColumn()
        for index in indices { kept.append(forget(index) ? 0 : self[index]) }
        var column = RecordIDColumn()
        column.sparse = kept
        return column
    }
}
