import BadgerDeck
import BadgerMemory

/// The cards of a memory by id (the first card of each id): where each is (its deck and its
/// place there) and the slot of its state, in about 22 bytes a card, where two dictionaries by
/// card id took about 75.
struct CardPlaces: Sendable {
    private let table: KeyTable
    /// By the table's place of a card id.
    private let places: [(deck: Int32, card: Int32)]
    /// By the table's place of a card id: the slot of its state (`KeyedStates`), -1 for none.
    private var stateSlots: [Int32]
    /// How many cards have a state slot.
    private(set) var statedCount = 0

    init() {
        table = KeyTable()
        places = []
        stateSlots = []
    }

    /// The cards of `decks`, each id at its first card.
    init(decks: [CollectionMemory.Deck]) {
        var ids: [UInt64] = []
        ids.reserveCapacity(decks.reduce(0) { $0 + $1.cards.count })
        for deck in decks { for card in deck.cards { ids.append(card.cardID.rawValue) } }
        let (table, placeOf) = KeyTable.make(ids)
        // A card written twice: its first card.
        var places = [(deck: Int32, card: Int32)](repeating: (-1, 0), count: table.count)
        var index = 0
        for (deckIndex, deck) in decks.enumerated() {
            for position in deck.cards.indices {
                let place = Int(placeOf[index])
                if places[place].deck < 0 { places[place] = (Int32(deckIndex), Int32(position)) }
                index += 1
            }
        }
        self.table = table
        self.places = places
        stateSlots = [Int32](repeating: -1, count: table.count)
    }

    /// The deck (index among the memory's decks) and the place in it of the first card with id `id`.
    func place(of id: CardID) -> (deck: Int32, card: Int32)? { table.place(of: id.rawValue).map { places[$0] } }

    /// The slot of the state of card `id`, if it has one.
    @inline(__always) func stateSlot(of id: CardID) -> Int32? {
        guard statedCount > 0, let place = table.place(of: id.rawValue), stateSlots[place] >= 0 else { return nil }
        return stateSlots[place]
    }

    /// Gives card `id` (one of the decks') the state in `slot`.
    mutating func setStateSlot(_ slot: Int32, of id: CardID) {
        guard let place = table.place(of: id.rawValue) else { return }
        if stateSlots[place] < 0 { statedCount += 1 }
        stateSlots[place] = slot
    }

    /// Takes every card's state slot away.
    mutating func removeStateSlots() {
        for index in stateSlots.indices { stateSlots[index] = -1 }
        statedCount = 0
    }

    /// Every card with a state slot, with it.
    var statedCards: some Sequence<(id: CardID, slot: Int32)> {
        stateSlots.indices.lazy.filter { stateSlots[$0] >= 0 }.map { (CardID(rawValue: table.key(at: $0)), stateSlots[$0]) }
    }
}
