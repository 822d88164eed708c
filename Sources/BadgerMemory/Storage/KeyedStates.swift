/// Memory states by identity key number, kept densely: the states in one array, packed
/// (`PackedMemoryState`, 64 bytes instead of about 150), and per key its place in it. A
/// collection holds one state per card with a history for as long as a command runs; a
/// dictionary of `MemoryState` values keeps up to twice as many slots as entries, this about
/// 12 bytes of index per slot.
public struct KeyedStates: Sendable {
    private var slotOfKey: [UInt64: Int32]
    private var values: [PackedMemoryState]
    /// The states that do not pack, by slot (`values` holds a placeholder there): none that a
    /// scheduler makes in practice.
    private var unpacked: [Int32: MemoryState]

    public init() {
        slotOfKey = [:]
        values = []
        unpacked = [:]
    }

    /// The states of keys whose slot is `i` in `slotOfKey`: `packed[i]`, or `unpacked[i]` where
    /// it has one.
    init(slotOfKey: [UInt64: Int32], packed: [PackedMemoryState], unpacked: [Int32: MemoryState]) {
        self.slotOfKey = slotOfKey
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
    public func slot(of key: UInt64) -> Int32? { slotOfKey[key] }

    /// The state kept in `slot` (from `slot(of:)`).
    public subscript(slot slot: Int32) -> MemoryState { state(inSlot: slot) }

    /// Whether `key` has a state (without unpacking it).
    public func contains(_ key: UInt64) -> Bool { slotOfKey[key] != nil }

    /// The state of `key`; setting one replaces it or adds the key (states are never removed).
    public subscript(key: UInt64) -> MemoryState? {
        get { slotOfKey[key].map { state(inSlot: $0) } }
        set {
            guard let newValue else { preconditionFailure("a key's state is never removed") }
            let slot: Int32
            if let known = slotOfKey[key] {
                slot = known
            } else {
                slot = Int32(values.count)
                slotOfKey[key] = slot
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
        slotOfKey.lazy.map { (key: $0.key, state: state(inSlot: $0.value)) }
    }

    /// Every key that has a state, in no particular order.
    public var keys: some Sequence<UInt64> { slotOfKey.keys }

    /// The same states as a dictionary.
    public var dictionary: [UInt64: MemoryState] {
        var states: [UInt64: MemoryState] = [:]
        states.reserveCapacity(values.count)
        for (key, slot) in slotOfKey { states[key] = state(inSlot: slot) }
        return states
    }
}
