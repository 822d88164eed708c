/// Memory states by identity key number, kept densely: the states in one array, packed
/// (`PackedMemoryState`, 40 bytes instead of about 150), and per key its place in it. A
/// collection holds one state per card with a history for as long as a command runs; a
/// dictionary of `MemoryState` values keeps up to twice as many slots as entries, this about
/// 10 bytes of index per key (a `KeyTable` of the keys it was made with, and a dictionary of
/// the few keys given a state since).
public struct KeyedStates: Sendable {
    /// The keys the states were made with: a key's slot is its place there.
    private var table: KeyTable
    /// Keys given a state since, with their slots (after the table's).
    private var added: [UInt64: Int32]
    private var values: [PackedMemoryState]
    /// The states that do not pack, by slot (`values` holds a placeholder there): none that a
    /// scheduler makes in practice.
    private var unpacked: [Int32: MemoryState]

    public init() {
        table = KeyTable()
        added = [:]
        values = []
        unpacked = [:]
    }

    /// The states of the keys of `table`, the key at place `i` with `packed[i]`, or `unpacked[i]`
    /// where it has one.
    init(table: KeyTable, packed: [PackedMemoryState], unpacked: [Int32: MemoryState]) {
        precondition(table.count == packed.count)
        self.table = table
        added = [:]
        values = packed
        self.unpacked = unpacked
    }

    /// How many keys have a state.
    public var count: Int { values.count }

    /// The state in `slot`.
    private func state(inSlot slot: Int32) -> MemoryState {
        if !unpacked.isEmpty, let state = unpacked[slot] { return state }
        return values[Int(slot)].state
    }

    /// Where the state of `key` is kept: a slot stays the key's for as long as these states
    /// exist, so a caller may keep it instead of the key (one lookup less per read).
    @inline(__always) public func slot(of key: UInt64) -> Int32? {
        if let place = table.place(of: key) { return Int32(place) }
        return added.isEmpty ? nil : added[key]
    }

    /// The state kept in `slot` (from `slot(of:)`).
    public subscript(slot slot: Int32) -> MemoryState { state(inSlot: slot) }

    /// Whether `key` has a state (without unpacking it).
    public func contains(_ key: UInt64) -> Bool { slot(of: key) != nil }

    /// The state of `key`; setting one replaces it or adds the key (states are never removed).
    public subscript(key: UInt64) -> MemoryState? {
        get { slot(of: key).map { state(inSlot: $0) } }
        set {
            guard let newValue else { preconditionFailure("a key's state is never removed") }
            let slot: Int32
            if let known = self.slot(of: key) {
                slot = known
            } else {
                slot = Int32(values.count)
                added[key] = slot
                values.append(.placeholder)
            }
            if let packed = PackedMemoryState(exactly: newValue) {
                values[Int(slot)] = packed
                if !unpacked.isEmpty { unpacked[slot] = nil }
            } else {
                values[Int(slot)] = .placeholder
                unpacked[slot] = newValue
            }
        }
    }

    /// Every key with its state, in no particular order.
    public var pairs: some Sequence<(key: UInt64, state: MemoryState)> {
        keysAndSlots.lazy.map { (key: $0.key, state: state(inSlot: $0.slot)) }
    }

    /// Every key with its slot.
    private var keysAndSlots: some Sequence<(key: UInt64, slot: Int32)> {
        let table = self.table
        return sequence(state: (place: 0, added: added.makeIterator())) { state -> (key: UInt64, slot: Int32)? in
            guard state.place < table.count else { return state.added.next().map { ($0.key, $0.value) } }
            defer { state.place += 1 }
            return (table.key(at: state.place), Int32(state.place))
        }
    }

    /// Every key that has a state, in no particular order.
    public var keys: some Sequence<UInt64> { keysAndSlots.lazy.map(\.key) }

    /// The same states as a dictionary.
    public var dictionary: [UInt64: MemoryState] {
        var states: [UInt64: MemoryState] = [:]
        states.reserveCapacity(values.count)
        for (key, slot) in keysAndSlots { states[key] = state(inSlot: slot) }
        return states
    }
}
