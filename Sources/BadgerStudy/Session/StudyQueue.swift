import BadgerDeck
import BadgerMemory
import Foundation

/// The cards of one study session, in the order they are shown: due cards first (the most
/// forgotten, by retrievability, first), then new cards in deck order, then, when learning ahead,
/// cards due within the next days. Pure: `now` is passed in.
public struct StudyQueue: Sendable, Equatable {
    /// Why a card is in the queue.
    public enum Source: Sendable, Equatable {
        /// Due now (its due time is at or before `now`).
        case due
        /// Never reviewed.
        case new
        /// Not due yet, but within the learn-ahead window.
        case ahead
    }

    /// What the queue needs to know of a card.
    public struct Item: Sendable, Equatable {
        public var cardID: String
        public var hasHint: Bool
        public var hasExplanation: Bool
        /// Equal for the cards made from one written card (both directions of a reversed card,
        /// the deletion numbers of a cloze field): siblings, never studied on the same day.
        public var siblingKey: String?

        public init(cardID: String, hasHint: Bool = false, hasExplanation: Bool = false, siblingKey: String? = nil) {
            self.cardID = cardID
            self.hasHint = hasHint
            self.hasExplanation = hasExplanation
            self.siblingKey = siblingKey
        }

        /// The item of `card`.
        public init(_ card: Card) {
            self.init(
                cardID: card.id.description, hasHint: card.hint != nil, hasExplanation: card.explanation != nil,
                siblingKey: card.file.absolutePath + ":" + String(card.line))
        }
    }

    /// One card to show.
    public struct Entry: Sendable, Equatable {
        public var cardID: String
        public var source: Source
        /// The card's memory before the session; nil for a new card.
        public var state: MemoryState?
        public var hasHint: Bool
        public var hasExplanation: Bool
    }

    /// The cards to show, at most `requested`.
    public let entries: [Entry]
    /// How many cards were asked for (10, 25 or 50 in the product).
    public let requested: Int
    /// How many cards were due now, new, and due within the learn-ahead window (before truncation).
    public let availableDue: Int
    public let availableNew: Int
    public let availableAhead: Int

    /// How many fewer cards than requested the queue holds: when positive, offer to learn ahead.
    public var shortfall: Int { max(0, requested - entries.count) }

    /// The queue of `cards` of `topic` (all topics when nil).
    ///
    /// - Parameters:
    ///   - states: memory by card id; a card without a state is new. Retired cards are never shown.
    ///   - reviewedSince: when the study day began: a card whose sibling was reviewed since then
    ///     waits for the next day (its due date unchanged), as Anki buries siblings. Of siblings
    ///     that would both be shown, only the first is.
    ///   - count: how many cards to show at most.
    ///   - aheadDays: when positive, cards due within that many days (of 24 hours) of `now` fill
    ///     the queue after the due and new cards, earliest first.
    ///   - retrievability: the probability of recalling a card at a time, or nil when the scheduler
    ///     has none (then due cards are ordered by due time). See `retrievability(for:)`.
    ///
    /// The same queue as `init(items:…)` of the cards' items, made without an item per card: the
    /// cards are kept by position and compared by number (their id, and their written card as
    /// deck and line), and only the entries shown are made.
    public init(
        cards: [Card], topic: String? = nil, states: [String: MemoryState], now: Date, count: Int, aheadDays: Int = 0,
        reviewedSince: Date? = nil, retrievability: (MemoryState, Date) -> Double? = { _, _ in nil }
    ) {
        self.init(
            cards: cards, topic: topic, states: CardStates(states), now: now, count: count, aheadDays: aheadDays,
            reviewedSince: reviewedSince, retrievability: retrievability)
    }

    /// The same queue, the states read where they are kept.
    public init(
        cards: [Card], topic: String? = nil, states: CardStates, now: Date, count: Int, aheadDays: Int = 0,
        reviewedSince: Date? = nil, retrievability: (MemoryState, Date) -> Double? = { _, _ in nil }
    ) {
        let cards = topic == nil ? cards : cards.filter { $0.topic == topic }
        // A written card is its deck file and line (what `Item.init(_:)` spells as `path:line`).
        var fileNumbers: [String: UInt64] = [:]
        var lastPath: String?
        var lastNumber: UInt64 = 0
        var siblings: [UInt64] = []
        siblings.reserveCapacity(cards.count)
        for card in cards {
            let path = card.file.absolutePath
            if path != lastPath {
                lastPath = path
                if let known = fileNumbers[path] {
                    lastNumber = known
                } else {
                    lastNumber = UInt64(fileNumbers.count)
                    fileNumbers[path] = lastNumber
                }
            }
            siblings.append(lastNumber << 32 | UInt64(UInt32(truncatingIfNeeded: card.line)))
        }
        let candidates = Candidates(
            count: cards.count, id: { cards[$0].id }, cardID: { cards[$0].id.description }, sibling: { siblings[$0] },
            hasHint: { cards[$0].hint != nil }, hasExplanation: { cards[$0].explanation != nil })
        let state = states.lookup()
        self.init(
            candidates, stateAt: { state(cards[$0].id) }, now: now, count: count, aheadDays: aheadDays,
            reviewedSince: reviewedSince, retrievability: retrievability)
    }

    /// The queue of `items`, already filtered to a topic and in deck order.
    public init(
        items: [Item], states: [String: MemoryState], now: Date, count: Int, aheadDays: Int = 0, reviewedSince: Date? = nil,
        retrievability: (MemoryState, Date) -> Double? = { _, _ in nil }
    ) {
        let candidates = Candidates(
            count: items.count, id: { items[$0].cardID }, cardID: { items[$0].cardID }, sibling: { items[$0].siblingKey },
            hasHint: { items[$0].hasHint }, hasExplanation: { items[$0].hasExplanation })
        self.init(
            candidates, stateAt: { states[items[$0].cardID] }, now: now, count: count, aheadDays: aheadDays,
            reviewedSince: reviewedSince, retrievability: retrievability)
    }

    /// What the queue reads of the cards it chooses from, by position in deck order: an id to
    /// compare (ordered as the card ids are), the card id, and the written card it was made from.
    private struct Candidates<ID: Hashable & Comparable, Sibling: Hashable & Comparable> {
        var count: Int
        var id: (Int) -> ID
        var cardID: (Int) -> String
        var sibling: (Int) -> Sibling?
        var hasHint: (Int) -> Bool
        var hasExplanation: (Int) -> Bool
    }

    /// The queue of `candidates`; it holds a few numbers per card, and makes entries only for
    /// the cards shown.
    private init<ID, Sibling>(
        _ candidates: Candidates<ID, Sibling>, stateAt: (Int) -> MemoryState?, now: Date, count: Int, aheadDays: Int,
        reviewedSince: Date?, retrievability: (MemoryState, Date) -> Double?
    ) {
        // Siblings reviewed today: the card that was reviewed may come again, the others wait.
        var reviewedToday: [Sibling: Set<ID>] = [:]
        if let reviewedSince {
            for index in 0..<candidates.count {
                guard let key = candidates.sibling(index), let last = stateAt(index)?.lastReview,
                    last >= reviewedSince
                else { continue }
                reviewedToday[key, default: []].insert(candidates.id(index))
            }
        }
        // 24 bytes a due card (no optional): the recall is NaN when not known; room for every
        // card at once, so that a long list never lives twice while it grows.
        var due: [(index: Int32, due: Date, recall: Double)] = []
        due.reserveCapacity(candidates.count)
        var new: [Int32] = []
        var ahead: [(index: Int32, due: Date)] = []
        let horizon = now.addingTimeInterval(Double(max(0, aheadDays)) * IntervalFormatter.secondsPerDay)
        // Whether a card is listed twice, or a written card gives several: found by sorting a
        // copy (8 bytes a card), so that the sets that keep the first of each are only made then.
        func repeats<T: Comparable>(_ values: inout [T]) -> Bool {
            values.sort()
            return zip(values, values.dropFirst()).contains { $0 == $1 }
        }
        var ids = (0..<candidates.count).map(candidates.id)
        let idsRepeat = repeats(&ids)
        ids = []
        var siblingKeys = (0..<candidates.count).compactMap(candidates.sibling)
        let siblingsRepeat = repeats(&siblingKeys)
        siblingKeys = []
        var seen = Set<ID>()
        // The written card of a card listed twice is the last one's that has one.
        var laterSibling: [ID: Sibling] = [:]
        for index in 0..<candidates.count {
            let sibling = candidates.sibling(index)
            let id = candidates.id(index)
            if let sibling, let reviewed = reviewedToday[sibling], !reviewed.contains(id) { continue }
            guard !idsRepeat || seen.insert(id).inserted else {
                if let sibling { laterSibling[id] = sibling }
                continue
            }
            guard let state = stateAt(index) else {
                new.append(Int32(index))
                continue
            }
            if state.retired { continue }
            if state.due <= now {
                due.append((Int32(index), state.due, count > 0 ? retrievability(state, now) ?? .nan : .nan))
            } else if aheadDays > 0, state.due <= horizon {
                ahead.append((Int32(index), state.due))
            }
        }
        func byDue(_ lhs: (index: Int32, due: Date), _ rhs: (index: Int32, due: Date)) -> Bool {
            lhs.due != rhs.due ? lhs.due < rhs.due : candidates.id(Int(lhs.index)) < candidates.id(Int(rhs.index))
        }
        // Only counted (no entries asked for): the order within each kind changes no count.
        if count > 0 {
            due.sort { lhs, rhs in
                let (left, right) = (lhs.recall, rhs.recall)
                if !left.isNaN, !right.isNaN, left != right { return left < right }
                if left.isNaN != right.isNaN { return !left.isNaN }
                return byDue((lhs.index, lhs.due), (rhs.index, rhs.due))
            }
            ahead.sort(by: byDue)
        }
        // One card of each written card: the first in study order.
        let requested = max(0, count)
        var taken = Set<Sibling>()
        var entries: [Entry] = []
        var counts = (due: 0, new: 0, ahead: 0)
        func offer(_ index: Int32, _ source: Source) {
            let index = Int(index)
            let id = candidates.id(index)
            if siblingsRepeat || idsRepeat, let key = laterSibling[id] ?? candidates.sibling(index), !taken.insert(key).inserted {
                return
            }
            switch source {
            case .due: counts.due += 1
            case .new: counts.new += 1
            case .ahead: counts.ahead += 1
            }
            guard entries.count < requested else { return }
            let cardID = candidates.cardID(index)
            entries.append(
                Entry(
                    cardID: cardID, source: source, state: source == .new ? nil : stateAt(index),
                    hasHint: candidates.hasHint(index), hasExplanation: candidates.hasExplanation(index)))
        }
        for card in due { offer(card.index, .due) }
        for index in new { offer(index, .new) }
        for card in ahead { offer(card.index, .ahead) }
        self.requested = requested
        availableDue = counts.due
        availableNew = counts.new
        availableAhead = counts.ahead
        self.entries = entries
    }

    /// The retrievability function of `scheduler`: FSRS-6's, or none for other schedulers.
    public static func retrievability(for scheduler: any Scheduler) -> (MemoryState, Date) -> Double? {
        guard let fsrs = scheduler as? FSRS6 else { return { _, _ in nil } }
        return { state, time in
            guard state.stability != nil else { return nil }
            // A card due again within the day (same-day intervals) has, in whole days, lost
            // nothing yet; by the hour it is at its target, and it must not wait behind every
            // other due card.
            if let last = state.lastReview, time.timeIntervalSince(last) < 86_400 { return fsrs.hourlyRetrievability(of: state, at: time) }
            return fsrs.retrievability(of: state, at: time)
        }
    }
}
