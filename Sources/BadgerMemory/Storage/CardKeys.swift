/// The key of the identity every matched card continues, by the card's content id: kept as
/// numbers (`NameBook`'s), read and written as text where a caller has text. A dictionary of
/// strings cost about 150 bytes a card (two 16-digit strings and their slots); once matching is
/// done (`settle()`) the pairs are a `KeyTable` of contents and an array of keys, about 18.
public struct CardKeys: Sendable {
    public let names: NameBook
    /// The contents settled: each content's key at its place in `settledKeys`.
    private var settled = KeyTable()
    private var settledKeys: [UInt64] = []
    /// Places of settled contents that continue no identity any more.
    private var cleared: Set<Int> = []
    /// Contents given a key that are not settled (all of them while matching).
    private var added: [UInt64: UInt64] = [:]

    public init(names: NameBook) { self.names = names }

    /// How many cards continue an identity.
    public var count: Int { settled.count - cleared.count + added.count }
    public var isEmpty: Bool { count == 0 }

    /// The key of the card with content id `contentID`; nil when it continues none.
    public subscript(contentID: String) -> String? {
        get { names.existingNumber(contentID).flatMap { self[number: $0] }.map(names.name) }
        set { self[number: names.number(contentID)] = newValue.map(names.number) }
    }

    /// The key number of the card whose content id has number `content`.
    public subscript(number content: UInt64) -> UInt64? {
        get {
            if !added.isEmpty, let key = added[content] { return key }
            guard let place = settled.place(of: content), cleared.isEmpty || !cleared.contains(place) else { return nil }
            return settledKeys[place]
        }
        set {
            guard let place = settled.place(of: content) else {
                added[content] = newValue
                return
            }
            if let newValue {
                settledKeys[place] = newValue
                cleared.remove(place)
            } else {
                cleared.insert(place)
            }
        }
    }

    mutating func reserveCapacity(_ count: Int) { added.reserveCapacity(count) }

    /// Keeps every pair in the compact form (after matching, which adds them one by one).
    mutating func settle() {
        let pairs = Array(numbers)
        let (table, places) = KeyTable.make(pairs.map(\.key))
        var keys = [UInt64](repeating: 0, count: table.count)
        for (index, pair) in pairs.enumerated() { keys[Int(places[index])] = pair.value }
        settled = table
        settledKeys = keys
        cleared = []
        added = [:]
    }

    /// Every card's content id number and key number, in no particular order.
    public var numbers: some Sequence<(key: UInt64, value: UInt64)> {
        let (settled, keys, cleared) = (settled, settledKeys, cleared)
        return sequence(state: (place: 0, added: added.makeIterator())) { state -> (key: UInt64, value: UInt64)? in
            while state.place < settled.count {
                defer { state.place += 1 }
                if cleared.isEmpty || !cleared.contains(state.place) { return (settled.key(at: state.place), keys[state.place]) }
            }
            return state.added.next().map { (key: $0.key, value: $0.value) }
        }
    }

    /// Every key number a card continues.
    public var keyNumbers: Set<UInt64> { Set(numbers.lazy.map(\.value)) }

    /// The content id of the card that continues the identity `key`, if one does.
    public func contentID(ofKey key: String) -> String? {
        guard let number = names.existingNumber(key) else { return nil }
        return numbers.first { $0.value == number }.map { names.name($0.key) }
    }

    /// Every (content id, key) as text, in no particular order: a string each, made here.
    public var texts: [(contentID: String, key: String)] { numbers.map { (names.name($0.key), names.name($0.value)) } }
}
