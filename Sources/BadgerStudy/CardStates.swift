import BadgerDeck
import BadgerMemory

/// Every card's state by card id, read where it is kept: in the memories of a collection's
/// roots (by number, without a dictionary keyed by id text: about 400 bytes a card less at
/// 100,000 cards), or in a dictionary a caller made. The first root that knows an id wins, as
/// when the roots' `states` are merged.
public struct CardStates: Sendable {
    private enum Storage: Sendable {
        case dictionary([String: MemoryState])
        case memories([CollectionMemory])
    }

    private let storage: Storage

    /// The states of `dictionary`.
    public init(_ dictionary: [String: MemoryState]) { storage = .dictionary(dictionary) }

    /// The states of the roots' `memories`.
    public init(memories: [CollectionMemory]) { storage = .memories(memories) }

    /// The state of the card with id `cardID`; nil for a card never reviewed.
    public subscript(cardID: String) -> MemoryState? {
        switch storage {
        case .dictionary(let states): return states[cardID]
        case .memories(let memories):
            // By index: `for memory in memories` would copy each memory (a retain of each of its
            // parts) for every card looked up.
            for index in memories.indices { if let state = memories[index].state(of: cardID) { return state } }
            return nil
        }
    }

    /// The state of the card with id `cardID`; nil for a card never reviewed.
    public subscript(cardID: CardID) -> MemoryState? {
        switch storage {
        case .dictionary(let states): return states[cardID.description]
        case .memories(let memories):
            for index in memories.indices { if let state = memories[index].state(ofCard: cardID) { return state } }
            return nil
        }
    }

    /// The state of each card by id, as the subscript gives it, for many lookups in a row (a
    /// queue reads every card of a topic): one memory is reached once, not through the storage
    /// and the list of memories per card.
    public func lookup() -> (CardID) -> MemoryState? {
        switch storage {
        case .dictionary(let states): return { states[$0.description] }
        case .memories(let memories) where memories.count == 1:
            let memory = memories[0]
            return { memory.state(ofCard: $0) }
        case .memories: return { self[$0] }
        }
    }

    /// The same for card ids as text.
    public func lookupByText() -> (String) -> MemoryState? {
        switch storage {
        case .dictionary(let states): return { states[$0] }
        case .memories(let memories) where memories.count == 1:
            let memory = memories[0]
            return { memory.state(of: $0) }
        case .memories: return { self[$0] }
        }
    }

    /// The same states as a dictionary by card id.
    public var dictionary: [String: MemoryState] {
        switch storage {
        case .dictionary(let states): return states
        case .memories(let memories):
            if memories.count == 1 { return memories[0].states }
            return memories.reduce(into: [:]) { result, memory in result.merge(memory.states) { first, _ in first } }
        }
    }
}
