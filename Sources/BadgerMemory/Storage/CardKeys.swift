/// The key of the identity every matched card continues, by the card's content id: kept as
/// numbers (`NameBook`'s), read and written as text where a caller has text. A dictionary of
/// strings cost about 150 bytes a card (two 16-digit strings and their slots).
public struct CardKeys: Sendable {
    public let names: NameBook
    private var keyOfContent: [UInt64: UInt64] = [:]

    public init(names: NameBook) { self.names = names }

    /// How many cards continue an identity.
    public var count: Int { keyOfContent.count }
    public var isEmpty: Bool { keyOfContent.isEmpty }

    /// The key of the card with content id `contentID`; nil when it continues none.
    public subscript(contentID: String) -> String? {
        get { names.existingNumber(contentID).flatMap { keyOfContent[$0] }.map(names.name) }
        set { keyOfContent[names.number(contentID)] = newValue.map(names.number) }
    }

    /// The key number of the card whose content id has number `content`.
    public subscript(number content: UInt64) -> UInt64? {
        get { keyOfContent[content] }
        set { keyOfContent[content] = newValue }
    }

    mutating func reserveCapacity(_ count: Int) { keyOfContent.reserveCapacity(count) }

    /// Every card's content id number and key number, in no particular order.
    public var numbers: [UInt64: UInt64] { keyOfContent }

    /// Every key number a card continues.
    public var keyNumbers: Set<UInt64> { Set(keyOfContent.values) }

    /// The content id of the card that continues the identity `key`, if one does.
    public func contentID(ofKey key: String) -> String? {
        guard let number = names.existingNumber(key) else { return nil }
        return keyOfContent.first { $0.value == number }.map { names.name($0.key) }
    }

    /// Every (content id, key) as text, in no particular order: a string each, made here.
    public var texts: [(contentID: String, key: String)] { keyOfContent.map { (names.name($0.key), names.name($0.value)) } }
}
