/// Memory states by identity key number, kept densely: the states in one array and, per key,
/// its place in it. A collection holds one state per card with a history for as long as a
/// command runs; a dictionary of `MemoryState` values (about 150 bytes each) keeps up to
/// twice as many slots as entries, this about 12 bytes of index per slot.
public struct KeyedStates: Sendable {
    private var slotOfKey: [UInt64: Int32]
    private var values: [MemoryState]

    public init() {
        slotOfKey = [:]
        values = []
    }

    /// The states `values[i]` of keys whose slot is `i` in `slotOfKey`.
    init(slotOfKey: [UInt64: Int32], values: [MemoryState]) {
        self.slotOfKey = slotOfKey
        self.values = values
    }

    /// How many keys have a state.
    public var count: Int { values.count }

    /// The state of `key`; setting one replaces it or adds the key (states are never removed).
    public subscript(key: UInt64) -> MemoryState? {
        get { slotOfKey[key].map { values[Int($0)] } }
        set {
            guard let newValue else { preconditionFailure("a key's state is never removed") }
            if let slot = slotOfKey[key] {
                values[Int(slot)] = newValue
            } else {
                slotOfKey[key] = Int32(values.count)
                values.append(newValue)
            }
        }
    }

    /// Every key with its state, in no particular order.
    public var pairs: some Sequence<(key: UInt64, state: MemoryState)> {
        slotOfKey.lazy.map { (key: $0.key, state: values[Int($0.value)]) }
    }

    /// The same states as a dictionary.
    public var dictionary: [UInt64: MemoryState] {
        var states: [UInt64: MemoryState] = [:]
        states.reserveCapacity(values.count)
        for (key, slot) in slotOfKey { states[key] = values[Int(slot)] }
        return states
    }
}
